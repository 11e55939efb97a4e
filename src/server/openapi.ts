import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { responseHeaders as names } from '../contract/headers.ts';
import { tidyOpenApi } from './lib/openapi-tidy.ts';
import { addMetricsOperation } from './metrics/metrics-openapi.ts';

type Json = Record<string, unknown>;

const groupDigits = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

/** How fresh a cached total is (summaries and events: TOTAL_CACHE_SECONDS), for the X-Total-Count description. */
const freshness = (cacheSeconds: number) =>
  cacheSeconds > 0
    ? ` The total may be up to ${cacheSeconds} s old: it is reused for that long for the same token scope and filters (whatever the page, ` +
      'limit or order), so paging does not recount; events stored or processed by the same server process refresh it at once.'
    : '';

/** Link, X-Total-Count and X-Total-Count-Exact of the lists; `cap` is the app's count cap, `cacheSeconds` how long a total is reused (0: never). */
const pagingHeaders = (cap: number, cacheSeconds = 0, cursors = true) => ({
  [names.link]: {
    description: cursors
      ? 'RFC 8288 links (absolute paths, every filter kept): rel="first" (page 1) always; rel="prev" and rel="next" carry an opaque ' +
        '`cursor` (the sort key of this page\'s first or last row, its id, and a fingerprint of the order and filters) when rows lie ' +
        'that way, so following them costs the same on page 50 000 as on page 2; rel="last" always: a page number when X-Total-Count ' +
        'is exact (X-Total-Count-Exact: true), else a `cursor` that reads the last `limit` rows backwards from the end of the list ' +
        '(the true last page, however far the estimate is off; its own prev link leads on backwards). ' +
        'An empty page links prev and next by page number (only first and last when read from a cursor).'
      : 'RFC 8288 links (absolute paths, every filter kept): rel="first" always; rel="prev" from page 2 on; rel="next" when a ' +
        'record follows this page; rel="last" only when X-Total-Count is exact (X-Total-Count-Exact: true), never from an estimate.',
    schema: { type: 'string' },
    example: cursors
      ? '</v1/events?limit=20&page=1>; rel="first", </v1/events?limit=20&cursor=eyJ2IjoiMTc2Mzc0OTQ0MDAwMDAwMDAwMCIsImkiOiJldnQxIiwiYiI6MCwiZiI6ImFiYyJ9>; rel="next"'
      : '</v1/events?page=2&limit=20>; rel="next", </v1/events?page=1&limit=20>; rel="first"',
  },
  [names.totalCount]: {
    description:
      `Number of records matching the filters. Exact when X-Total-Count-Exact is true, which it is whenever ${groupDigits(cap)} or ` +
      `fewer records match. Above that it is the database planner's estimate (no full count per request): always more than ` +
      `${groupDigits(cap)}, usually within a few percent for one filter (less accurate for combined filters), and it may ` +
      'change between requests with no data change. Page through with rel="next" until it is absent.' +
      freshness(cacheSeconds),
    schema: { type: 'integer', minimum: 0 },
  },
  [names.totalCountExact]: {
    description: `true when X-Total-Count is an exact count; false when it is an estimate (more than ${groupDigits(cap)} matches; rel="last" is then a cursor, or absent on a list without cursors).`,
    schema: { type: 'string', enum: ['true', 'false'] },
  },
});

const credentialEtag = {
  [names.etag]: { description: 'The credential’s version: send it back in If-Match to PATCH it', schema: { type: 'string' }, example: '"v3"' },
};

const responseHeaders = (cap: number, cacheSeconds: number): Record<string, Record<string, Json>> => ({
  'get /v1/transactions/summaries 200': pagingHeaders(cap, cacheSeconds),
  'get /v1/events 200': pagingHeaders(cap, cacheSeconds),
  'get /v1/credentials 200': pagingHeaders(cap),
  'get /v1/credentials/{id}/history 200': pagingHeaders(cap, 0, false),
  'get /v1/merchants 200': pagingHeaders(cap),
  'get /v1/credentials/{id} 200': credentialEtag,
  'patch /v1/credentials/{id} 200': credentialEtag,
  'patch /v1/credentials/{id} 412': credentialEtag,
  'post /v1/credentials 201': {
    [names.location]: {
      description: 'Path of the new credential (GET it with a credentials:write token)',
      schema: { type: 'string' },
      example: '/v1/credentials/d4ps1c0000000000abc0',
    },
    ...credentialEtag,
  },
});

const wwwAuthenticate = {
  [names.wwwAuthenticate]: { description: 'Bearer challenge (RFC 6750)', schema: { type: 'string' }, example: 'Bearer realm="acquirer-console", error="invalid_token"' },
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null;

/** Adds the response headers (Link, X-Total-Count, Location, WWW-Authenticate) the zod schemas cannot carry. */
function addResponseHeaders(document: Json, cap: number, cacheSeconds: number): Json {
  const headers = responseHeaders(cap, cacheSeconds);
  const paths = document.paths;
  if (!isObject(paths)) return document;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || !isObject(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isObject(response)) continue;
        const extra = status === '401' ? wwwAuthenticate : headers[`${method} ${path} ${status}`];
        if (extra) response.headers = { ...(isObject(response.headers) ? response.headers : {}), ...extra };
      }
    }
  }
  return document;
}

/** OpenAPI 3.1 generated from the zod contract through the routes' schemas. */
export async function registerOpenApi(app: FastifyInstance, serverUrl = ''): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Acquirer Console API',
        version: '1.0.0',
        description:
          'Credentials binding merchants to acquirers, transaction summaries and notification events. Errors are application/problem+json (RFC 9457).',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Opaque access token' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      addMetricsOperation(tidyOpenApi(addResponseHeaders(jsonSchemaTransformObject(document) as Json, app.countCap, app.totals.ttlMs / 1000), serverUrl)),
  });
}
