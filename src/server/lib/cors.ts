import type { FastifyInstance } from 'fastify';

/** Lets a dashboard on another origin (CORS_ORIGIN; '*' for any) call the API; preflights get 204. */
export function registerCors(app: FastifyInstance, allowedOrigin: string | undefined): void {
  if (!allowedOrigin) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || (allowedOrigin !== '*' && origin !== allowedOrigin)) return;
    void reply.header('access-control-allow-origin', allowedOrigin === '*' ? '*' : origin);
    void reply.header('vary', 'Origin');
    void reply.header('access-control-expose-headers', 'Link, X-Total-Count, X-Total-Count-Exact, Location, ETag, Idempotent-Replayed, WWW-Authenticate');
    if (request.method === 'OPTIONS') {
      void reply.header('access-control-allow-methods', 'GET, POST, PATCH, OPTIONS');
      void reply.header('access-control-allow-headers', 'Authorization, Content-Type, Idempotency-Key, If-Match');
      void reply.header('access-control-max-age', '600');
    }
  });
}
