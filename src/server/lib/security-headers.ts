import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The origin of the dashboard's API base URL (PUBLIC_API_BASE_URL), when it is another one. */
function apiOrigin(publicApiBaseUrl: string): string | null {
  if (!publicApiBaseUrl) return null;
  try {
    return new URL(publicApiBaseUrl).origin;
  } catch {
    return null;
  }
}

/**
 * @fastify/helmet on every response: a CSP allowing scripts and styles from this origin only (no inline
 * script: /config.js is a file) and no framing, nosniff, Referrer-Policy no-referrer, and HSTS only when the
 * server is told it sits behind TLS (BEHIND_TLS). API data is never stored by caches (Cache-Control: no-store).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { behindTls: boolean; publicApiBaseUrl: string }): Promise<void> {
  const api = apiOrigin(options.publicApiBaseUrl);
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: api ? ["'self'", api] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.behindTls ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const pathname = request.url.split('?')[0] ?? '';
    if ((pathname === '/v1' || pathname.startsWith('/v1/')) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });
}
