import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { scopes, type Scope, type TokenMode } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { ApiProblem } from '../errors.ts';
import { checkSessionOrigin, clearSessionCookie, readSessionCookie, type SessionSettings } from './session-cookie.ts';
import { findSession } from './session-store.ts';
import type { TokenCache } from './token-cache.ts';
import type { TokenLastUse } from './token-last-use.ts';
import type { TokenIdentity } from './token-store.ts';
import { wwwAuthenticateHeader } from '../../contract/headers.ts';

export interface Caller {
  tokenId: string;
  /** the signed-in person of a dashboard session (issue 24); absent for a machine token */
  personId?: string | null;
  organizationId: string;
  organizationName: string;
  /** the merchants it acts for (a merchant token's one, a merchant operator's set); null: every merchant */
  merchantIds: readonly string[] | null;
  scopes: Scope[];
  mode: TokenMode;
}

/** `auth` on a route's config: a scope it needs, or 'any' for any valid token. Routes without it are public. */
export type RouteAuth = Scope | 'any';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const realm = 'acquirer-console';

function unauthorized(detail: string, invalidToken: boolean, type?: string): ApiProblem {
  const challenge = invalidToken
    ? `Bearer realm="${realm}", error="invalid_token", error_description="${detail.replace(/"/g, "'")}"`
    : `Bearer realm="${realm}"`;
  return new ApiProblem({ status: 401, detail, type, headers: { [wwwAuthenticateHeader]: challenge } });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  return match?.[1] ?? '';
}

/** The problem type of a 401 for a session cookie the server no longer accepts (the dashboard says "your session ended"). */
const sessionEndedType = 'session-ended';

const sessionEnded = {
  unknown: 'The dashboard session is not known (signed out elsewhere, or the server forgot it): sign in again.',
  expired: 'The dashboard session expired after a time without use: sign in again.',
  revoked: 'The access token of this dashboard session has been revoked.',
} as const;

/**
 * Reads the bearer token (or, without an Authorization header, the dashboard session cookie) of every route
 * that declares `config.auth`, before the body is read. A failed attempt goes through `failureGuard` (the
 * failed-authentication rate limit), which may turn the 401 into a 429.
 */
export function registerAuthentication(
  app: FastifyInstance,
  db: Db,
  failureGuard: (request: FastifyRequest) => Promise<ApiProblem | null>,
  sessions: SessionSettings,
  tokens: TokenCache,
  lastUse?: TokenLastUse,
): void {
  app.decorateRequest('caller', null);
  const refuse = async (request: FastifyRequest, problem: ApiProblem): Promise<never> => {
    throw (await failureGuard(request)) ?? problem;
  };
  const fromSession = async (request: FastifyRequest, reply: FastifyReply, id: string): Promise<TokenIdentity> => {
    const found = await findSession(db, id, sessions.idleMs);
    if (found.state !== 'active') {
      clearSessionCookie(reply, sessions);
      return refuse(request, unauthorized(sessionEnded[found.state], true, sessionEndedType));
    }
    checkSessionOrigin(request);
    return found.identity;
  };
  app.addHook('onRequest', async (request, reply) => {
    const needed = request.routeOptions.config.auth;
    if (!needed) return;
    const token = bearerToken(request);
    const sessionId = token === null ? readSessionCookie(request, sessions) : null;
    if (token === null && sessionId === null) throw unauthorized('Send an access token: Authorization: Bearer <token>.', false);
    if (token === '') return refuse(request, unauthorized('The Authorization header must be "Bearer <token>".', true));
    const identity = token === null ? await fromSession(request, reply, sessionId ?? '') : await tokens.find(token);
    if (!identity) return refuse(request, unauthorized('The access token is not valid.', true));
    if (identity.revoked) return refuse(request, unauthorized('The access token has been revoked.', true));
    if (token !== null) lastUse?.note(identity.tokenId);
    const granted = identity.scopes.filter((s): s is Scope => (scopes as readonly string[]).includes(s));
    request.caller = { ...identity, scopes: granted };
    if (needed !== 'any' && !granted.includes(needed)) {
      throw new ApiProblem({
        status: 403,
        type: 'insufficient-scope',
        detail: `This token lacks the scope ${needed}.`,
        headers: { [wwwAuthenticateHeader]: `Bearer realm="${realm}", error="insufficient_scope", scope="${needed}"` },
      });
    }
  });
}

/** The authenticated caller of a route that declares `config.auth`. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('route has no auth config');
  return request.caller;
}
