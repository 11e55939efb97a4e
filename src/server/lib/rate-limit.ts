import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { organizationIdHeader, responseHeaders } from '../../contract/headers.ts';
import { ApiProblem } from '../errors.ts';
import { pathTemplate } from '../../contract/endpoints.ts';

/** Requests allowed per window (RATE_LIMIT_* variables); 0 turns that limit off. */
export interface RateLimits {
  /** per access token (bearer or dashboard session), over every route */
  perToken: number;
  /** per client address, for requests without a valid token (the dashboard's files, /health, /openapi.json) */
  perAddress: number;
  /** failed authentications (401) per client address: a wrong-token guesser is cut off long before a user */
  authFailures: number;
  /** signed acquirer notifications per organization (POST /v1/notifications carries no token) */
  notifications: number;
  windowMs: number;
}

export const defaultRateLimits: RateLimits = { perToken: 1200, perAddress: 600, authFailures: 20, notifications: 60_000, windowMs: 60_000 };

/** Liveness and readiness probes are never throttled: a limit there would restart a healthy server. */
const probePaths = new Set(['/health', '/health/live', '/health/ready']);
const isNotification = (request: FastifyRequest) => request.routeOptions.url === pathTemplate('receiveNotification');

/** Which limit a request is counted against (and, when refused, which refusal the metrics count). */
type RequestLimit = 'token' | 'address' | 'notifications';
export type RateLimitName = RequestLimit | 'auth_failures';
export const rateLimitNames: readonly RateLimitName[] = ['token', 'address', 'auth_failures', 'notifications'];
const limitOf = (request: FastifyRequest): RequestLimit => (isNotification(request) ? 'notifications' : request.caller ? 'token' : 'address');

/** A 429 problem with Retry-After and the draft RateLimit-* headers. */
function tooMany(detail: string, max: number, resetSeconds: number): ApiProblem {
  return new ApiProblem({
    status: 429,
    detail: `${detail} Try again in ${resetSeconds} s.`,
    headers: {
      [responseHeaders.retryAfter]: String(resetSeconds),
      [responseHeaders.rateLimitLimit]: String(max),
      [responseHeaders.rateLimitRemaining]: '0',
      [responseHeaders.rateLimitReset]: String(resetSeconds),
    },
  });
}

const unlimited = Number.MAX_SAFE_INTEGER;

/**
 * @fastify/rate-limit on every route, counted after authentication (preHandler) so the key is the caller's
 * token when there is one and the client address otherwise. Returns the guard the authentication hook
 * calls on each failed attempt: it counts failures per address and turns the 401 into a 429 past the limit.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: RateLimits,
  onRefused: (limit: RateLimitName) => void = () => undefined,
): Promise<(request: FastifyRequest) => Promise<ApiProblem | null>> {
  const maxOf: Record<RequestLimit, number> = { notifications: limits.notifications, token: limits.perToken, address: limits.perAddress };
  await app.register(fastifyRateLimit, {
    global: true,
    hook: 'preHandler',
    timeWindow: limits.windowMs,
    enableDraftSpec: true,
    allowList: (request) => probePaths.has(request.routeOptions.url ?? ''),
    keyGenerator: (request) => {
      if (isNotification(request)) return `notifier:${String(request.headers[organizationIdHeader] ?? request.ip)}`;
      return request.caller ? `token:${request.caller.tokenId}` : `address:${request.ip}`;
    },
    max: (request) => {
      const max = maxOf[limitOf(request)];
      return max > 0 ? max : unlimited;
    },
    onExceeded: (request) => onRefused(limitOf(request)),
    errorResponseBuilder: (request, context) =>
      tooMany(
        request.caller ? 'Too many requests with this access token.' : 'Too many requests from this address.',
        context.max,
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });
  const failures = app.createRateLimit({
    timeWindow: limits.windowMs,
    max: limits.authFailures > 0 ? limits.authFailures : unlimited,
    keyGenerator: (request) => `auth-failure:${request.ip}`,
  });
  return async (request) => {
    const result = await failures(request);
    if (result.isAllowed || !result.isExceeded) return null;
    onRefused('auth_failures');
    return tooMany('Too many failed authentications from this address.', result.max, Math.max(1, result.ttlInSeconds));
  };
}
