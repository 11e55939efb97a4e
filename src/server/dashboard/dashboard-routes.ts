import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptRangesHeader, cacheControlHeader, etagHeader, lastModifiedHeader } from '../../contract/headers.ts';

export interface WebOptions {
  /** folder of the built dashboard; not served when it does not exist */
  webRoot: string | null;
  publicApiBaseUrl: string;
}

/** /config.js (runtime dashboard settings) and the built dashboard, when present. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<boolean> {
  app.get('/config.js', { schema: { hide: true } }, (_request, reply) => {
    const config = JSON.stringify({ apiBaseUrl: options.publicApiBaseUrl });
    return reply
      .type('application/javascript; charset=utf-8')
      .header(cacheControlHeader, 'no-cache')
      .send(`window.__ACQ_CONFIG__ = ${config};\n`);
  });
  const root = options.webRoot;
  if (!root || !existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // no index route: with preCompressed, @fastify/static's own `/` misses index.html; the SPA fallback serves it
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => void reply.header(cacheControlHeader, cacheControlFor(root, filePath)),
  });
  // A content-hashed asset is immutable: never revalidated, never fetched by range. Its ETag, Last-Modified and
  // Accept-Ranges (~0.1 KiB a response, on each of a first visit's scripts) buy nothing.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (String(reply.getHeader(cacheControlHeader) ?? '').includes('immutable')) {
      for (const name of [etagHeader, lastModifiedHeader, acceptRangesHeader]) reply.removeHeader(name);
    }
    return payload;
  });
  return true;
}

/** Vite's content-hashed files under assets/ never change: cached for a year. Anything else is revalidated. */
export function cacheControlFor(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return /^assets\/.+-[\w-]{8,}\.\w+(\.(br|gz))?$/.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** Paths that belong to the API or to files, never to the dashboard: a miss there is a problem+json 404. */
const apiPrefixes = ['/v1', '/health', '/assets'];
const apiFiles = new Set(['/openapi.json', '/config.js']);
/** The last segment names a file (`favicon.ico`, `robots.txt`, `app.js.map`): a file that is not there, not a route. */
const fileName = /\/[^/]*\.[A-Za-z0-9]{1,8}$/;

/** Whether a path is the API's (or a static file's) rather than a dashboard route. */
export function isApiPath(pathname: string): boolean {
  if (apiFiles.has(pathname) || fileName.test(pathname)) return true;
  return apiPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * A GET or HEAD of a dashboard route (any path that is not the API's or a file's) gets index.html, whatever the
 * Accept header: browsers, curl, fetch, uptime monitors and load-balancer probes of `/` or a deep link alike.
 */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return !isApiPath(request.url.split('?')[0] ?? '');
}
