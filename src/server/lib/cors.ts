import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { authorizationHeader, contentTypeHeader, exposedResponseHeaders, idempotencyKeyHeader, ifMatchHeader, lastEventIdHeader } from '../../contract/headers.ts';

/**
 * Request headers a dashboard on another origin sends (If-Match: PATCH /v1/credentials/{id}; Last-Event-ID: the
 * live stream client, fetch so it can send the bearer token, resumes GET /v1/events/stream with it).
 */
export const corsAllowedHeaders = [authorizationHeader, contentTypeHeader, idempotencyKeyHeader, ifMatchHeader, lastEventIdHeader].map((name) =>
  // as the preflight names them (case does not matter in a header name): Content-Type, Last-Event-Id
  name.replace(/(^|-)([a-z])/g, (_match, dash: string, letter: string) => dash + letter.toUpperCase()),
);

/**
 * @fastify/cors: a dashboard on another origin (CORS_ORIGIN: one origin, several separated by commas, or '*')
 * may call the API with a bearer token and read every header of contract/headers.ts. No credentials mode:
 * the session cookie is for the same-origin dashboard only.
 */
export async function registerCors(app: FastifyInstance, allowedOrigin: string | undefined): Promise<void> {
  if (!allowedOrigin) return;
  const origins = allowedOrigin.split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  await app.register(fastifyCors, {
    origin: origins.includes('*') ? '*' : origins,
    methods: ['GET', 'POST', 'PATCH', 'DELETE'],
    allowedHeaders: corsAllowedHeaders,
    exposedHeaders: [...exposedResponseHeaders],
    maxAge: 600,
    strictPreflight: false,
  });
}
