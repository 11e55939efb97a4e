import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { cacheControlHeader, contentTypeHeader } from '../../contract/headers.ts';

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
 * Helmet headers that only mean something on a document (a page, or an SVG opened as one): the CSP, framing,
 * COOP, Origin-Agent-Cluster and the legacy IE/Flash switches. A script or style sheet ignores them (the page's CSP
 * governs what it may do), yet each response paid ~0.5 KiB for them: on a first visit's ~10 scripts, 5 KiB of
 * issue 7's wire budget. nosniff, Cross-Origin-Resource-Policy and Referrer-Policy stay: they do apply to scripts.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const subresource = /\.(js|css|map)$/;

/**
 * Helmet on every response: a CSP allowing scripts and styles from this origin only (no inline
 * script: /config.js is a file) and no framing, nosniff, Referrer-Policy no-referrer, and HSTS only when the
 * server is told it sits behind TLS (BEHIND_TLS). API data is never stored by caches (Cache-Control: no-store).
 * Scripts and style sheets (/config.js, the built assets) go without the document-only headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { behindTls: boolean; publicApiBaseUrl: string }): void {
  const api = apiOrigin(options.publicApiBaseUrl);
  // Helmet's middleware is built once, here: @fastify/helmet built it anew for every request (its directives
  // parsed and re-validated each time), 5–6 % of a list page's server CPU (bench/results/2026-11-24-12-34-helmet-ab.md).
  const setHeaders = helmet({
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
  // helmet 8 calls next() without an argument (it throws instead of passing errors): Fastify's done fits as it is
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, done as (error?: unknown) => void));
  app.addHook('onSend', (request, reply, payload, done) => {
    const pathname = request.url.split('?')[0] ?? '';
    if ((pathname === '/v1' || pathname.startsWith('/v1/')) && !reply.hasHeader(cacheControlHeader)) void reply.header(cacheControlHeader, 'no-store');
    else if (subresource.test(pathname) && /javascript|css|json/.test(String(reply.getHeader(contentTypeHeader) ?? ''))) {
      for (const name of documentOnlyHeaders) reply.removeHeader(name);
    }
    done(null, payload);
  });
}
