import { responseHeaders } from '../../contract/headers.ts';
import { problemContentType } from '../../contract/problem.ts';
import { defaultPoolWaitMs } from '../db/pool.ts';
import { databaseRetryAfterSeconds } from '../errors.ts';
import { descriptions } from './openapi-docs.ts';
import { operationIdOf } from './endpoint-routes.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** `get /v1/foo-bar/{id}` → `getV1FooBarById`: a stable fallback for an operation nobody named. */
function derivedOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

const rateLimitHeaders = {
  [responseHeaders.retryAfter]: { description: 'Seconds until the limit resets', schema: { type: 'integer', minimum: 0 } },
  [responseHeaders.rateLimitLimit]: { description: 'Requests allowed in the window', schema: { type: 'integer', minimum: 0 } },
  [responseHeaders.rateLimitRemaining]: { description: 'Requests left in the window', schema: { type: 'integer', minimum: 0 } },
  [responseHeaders.rateLimitReset]: { description: 'Seconds until the window resets', schema: { type: 'integer', minimum: 0 } },
};

const tooManyRequests = {
  description:
    'Too many requests from this token or client address, or too many failed authentications from this address: wait Retry-After seconds',
  headers: rateLimitHeaders,
  content: { [problemContentType]: { schema: { $ref: '#/components/schemas/Problem' } } },
};

/**
 * Every operation that reads or writes the database can answer 503 database-unavailable or service-busy with
 * Retry-After (src/server/errors.ts): all of /v1 (authentication alone reads the tokens or the session) and the readiness probe.
 * Liveness (/health, /health/live) never touches it.
 */
const touchesDatabase = (path: string) => path.startsWith('/v1/') || path === '/health/ready';

const databaseRetryAfter = {
  [responseHeaders.retryAfter]: {
    description: `Seconds to wait before retrying: ${databaseRetryAfterSeconds} for database-unavailable; for service-busy the pool wait rounded up to whole seconds (${Math.ceil(defaultPoolWaitMs / 1000)} by default)`,
    schema: { type: 'integer', minimum: 0 },
    example: databaseRetryAfterSeconds,
  },
};

/** The 503 of an operation that touches the database: a route's own (problemResponses(503)) or this one, with Retry-After. */
function databaseUnavailable(declared: unknown): Json {
  const response: Json = isObject(declared)
    ? declared
    : { description: descriptions[503], content: { [problemContentType]: { schema: { $ref: '#/components/schemas/Problem' } } } };
  response.headers = { ...(isObject(response.headers) ? response.headers : {}), ...databaseRetryAfter };
  return response;
}

/** Every $ref target reachable from the paths (following components into components). */
function usedSchemas(document: Json): Set<string> {
  const schemas = isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      const name = ref.slice('#/components/schemas/'.length);
      if (!used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(document.paths);
  return used;
}

/**
 * What the generator leaves out and client generators and `redocly lint` (recommended rules) want: an
 * operationId on every operation, the 429 of the rate limiter on every operation, the 503 of an unreachable database
 * (with Retry-After) on every operation that touches it, no unused component
 * schemas (zod's input twins of output schemas), servers and a license.
 */
export function tidyOpenApi(document: Json, serverUrl: string): Json {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of methods) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      // the endpoint map's (src/contract/endpoints.ts); a route may set its own, which endpoints.test.ts holds to the map's
      operation.operationId ??= operationIdOf(method, path) ?? derivedOperationId(method, path);
      if (!isObject(operation.responses)) continue;
      operation.responses['429'] ??= tooManyRequests;
      if (touchesDatabase(path)) operation.responses['503'] = databaseUnavailable(operation.responses['503']);
    }
  }
  if (isObject(document.components) && isObject(document.components.schemas)) {
    const used = usedSchemas(document);
    for (const name of Object.keys(document.components.schemas)) if (!used.has(name)) delete document.components.schemas[name];
  }
  document.servers = [{ url: serverUrl || '/', description: serverUrl ? 'The API' : 'This server (the API and the dashboard share one origin)' }];
  if (isObject(document.info)) document.info.license = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };
  return document;
}
