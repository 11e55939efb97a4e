import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiProblem } from '../errors.ts';

/** How the dashboard session cookie is set: Secure (and the __Host- prefix) only behind TLS. */
export interface SessionSettings {
  idleMs: number;
  secure: boolean;
  /** POST /v1/session may exchange an access token for a session (ALLOW_TOKEN_SIGN_IN=true: developers); people sign in with POST /v1/sign-in */
  allowTokenSignIn?: boolean;
}

export const sessionCookieName = (settings: SessionSettings) => (settings.secure ? '__Host-acq_session' : 'acq_session');

export async function registerCookies(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie, { hook: 'onRequest' });
}

export function readSessionCookie(request: FastifyRequest, settings: SessionSettings): string | null {
  const value = request.cookies[sessionCookieName(settings)];
  return value && /^[\w-]{20,100}$/.test(value) ? value : null;
}

/** HttpOnly (no script reads it), SameSite=Strict, path /, no Max-Age: the server ends it after the idle time. */
export function setSessionCookie(reply: FastifyReply, settings: SessionSettings, id: string): void {
  void reply.setCookie(sessionCookieName(settings), id, { httpOnly: true, sameSite: 'strict', secure: settings.secure, path: '/' });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionSettings): void {
  void reply.clearCookie(sessionCookieName(settings), { httpOnly: true, sameSite: 'strict', secure: settings.secure, path: '/' });
}

/** Origin `http://h:80` and Host `h:80` name the same host: compare both through URL, which drops default ports. */
function sameHost(origin: string, host: string): boolean {
  try {
    const from = new URL(origin);
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request carried by the session cookie must come from a page of this origin: its Origin
 * header (which browsers send on every such fetch) names this host. Bearer requests are not checked.
 */
export function checkSessionOrigin(request: FastifyRequest): void {
  if (safeMethods.has(request.method)) return;
  const origin = request.headers.origin;
  if (!origin || !sameHost(origin, request.host)) {
    throw new ApiProblem({
      status: 403,
      type: 'origin-mismatch',
      detail: `A ${request.method} with the dashboard session cookie must come from this origin (Origin: ${origin ?? 'absent'}). API clients send Authorization: Bearer instead.`,
    });
  }
}
