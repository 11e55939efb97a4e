import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../contract/me.ts';
import { ProviderList } from '../contract/providers.ts';
import { endpoints, pathTemplate, type OperationId } from '../contract/endpoints.ts';
import { buildApp } from './app.ts';
import { metricsPath } from './metrics/metrics-settings.ts';
import { providerCatalog } from './providers/providers-catalog.ts';
import { bearer, createTestApp, insertOrganization, type TestApp } from './test/harness.ts';

type Doc = { openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }> }>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };

describe('platform routes (PGlite)', () => {
  let t: TestApp;
  let auth: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await insertOrganization(t.database, 'org1', ['m1', 'm2']);
    auth = await bearer(t.database, 'org1', { scopes: ['providers:read', 'events:read'], mode: 'live' });
  });
  afterAll(async () => t?.close());

  it('GET /health needs no token', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /v1/providers returns the catalogue from the table', async () => {
    const res = await t.app.inject({ url: '/v1/providers', headers: { authorization: auth } });
    const list = ProviderList.parse(res.json());
    expect(list.map((p) => p.name).sort()).toEqual(providerCatalog.map((p) => p.name).sort());
    expect(list.find((p) => p.name === 'cielo')?.authenticationFields.map((f) => f.name)).toEqual(['merchantIdentifier', 'terminalIdentifier']);
  });

  it('GET /v1/me describes the calling token', async () => {
    const res = await t.app.inject({ url: '/v1/me', headers: { authorization: auth } });
    const me = res.json<Me>();
    expect(me).toMatchObject({ organization: { id: 'org1', name: 'Org org1' }, scopes: ['providers:read', 'events:read'], merchantId: null, mode: 'live' });
    expect(me.merchants.map((m) => m.id)).toEqual(['m1', 'm2']);
  });

  it('GET /openapi.json is OpenAPI 3.1 generated from the contract, with headers and problems', async () => {
    const res = await t.app.inject({ url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const paths = Object.keys(doc.paths).sort();
    // exactly the operation map's paths and the metrics scrape, each documented, and nothing registered outside them (a
    // route on the root by mistake shows here)
    const mapped = [...new Set([...Object.keys(endpoints).map((op) => pathTemplate(op as OperationId)), metricsPath])].sort();
    expect(paths).toEqual(mapped);
    expect(paths).toEqual(expect.arrayContaining(['/health', '/v1/transactions/summaries/{id}', '/v1/events/{eventId}/retry', '/v1/people/invitations']));
    for (const one of ['/v1/events/{eventId}', '/v1/transactions/summaries/{id}']) {
      expect(Object.keys(doc.paths[one]?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    }
    for (const name of ['Credential', 'NewCredentialInput', 'Summary', 'Cycle', 'CardData', 'Event', 'Provider', 'Problem', 'Me', 'NotificationInput', 'FailureReason', 'Stats', 'SavedView', 'CredentialPatchInput', 'CredentialHistoryEntry', 'Merchant', 'NewMerchantInput']) expect(doc.components.schemas).toHaveProperty(name);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
    for (const list of ['/v1/transactions/summaries', '/v1/events', '/v1/credentials', '/v1/merchants']) {
      const get = doc.paths[list]?.get;
      expect(Object.keys(get?.responses['200']?.headers ?? {})).toEqual(['Link', 'X-Total-Count', 'X-Total-Count-Exact']);
      expect(get?.responses['400']?.content).toHaveProperty(['application/problem+json']);
      expect(get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'order_by', 'order_direction']));
    }
    const post = doc.paths['/v1/credentials']?.post;
    expect(post?.parameters?.find((p) => p.name === 'idempotency-key')?.in).toBe('header');
    expect(Object.keys(post?.responses['201']?.headers ?? {})).toEqual(['Location', 'ETag']);
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415', '422']));
    expect(post?.responses['401']?.headers).toHaveProperty('WWW-Authenticate');
    const read = doc.paths['/v1/credentials/{id}']?.get;
    expect(Object.keys(read?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
    expect(Object.keys(read?.responses['200']?.headers ?? {})).toEqual(['ETag']);
    const patch = doc.paths['/v1/credentials/{id}']?.patch;
    expect(patch?.parameters?.find((p) => p.name === 'if-match')?.in).toBe('header');
    expect(Object.keys(patch?.responses ?? {})).toEqual(expect.arrayContaining(['200', '409', '412', '428']));
    expect(Object.keys(doc.paths['/v1/merchants'] ?? {}).sort()).toEqual(['get', 'post']);
  });

  it('serves /config.js with the runtime API base URL and whether token sign-in is on, no-cache', async () => {
    const res = await t.app.inject({ url: '/config.js' });
    expect(res.headers['cache-control']).toBe('no-cache');
    // the test runner turns token sign-in on (vite.config.ts: ALLOW_TOKEN_SIGN_IN)
    expect(res.body).toBe('window.__ACQ_CONFIG__ = {"apiBaseUrl":"","tokenSignIn":true};\n');
  });
});

describe('dashboard hosting and CORS', () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'acq-web-'));
  let t: TestApp;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webRoot, 'app.js'), 'console.log(1)');
    t = await createTestApp('pglite');
    app = await buildApp({ database: t.database, webRoot, publicApiBaseUrl: 'https://api.example.com', corsOrigin: 'https://console.example.com', allowTokenSignIn: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves files, index.html for dashboard routes, and problems for API paths', async () => {
    expect((await app.inject({ url: '/app.js' })).body).toBe('console.log(1)');
    const spa = await app.inject({ url: '/transactions?status=approved', headers: { accept: 'text/html' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>console</title>');
    const api = await app.inject({ url: '/v1/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/problem+json');
    const json = await app.inject({ url: '/nothing.json', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect((await app.inject({ url: '/config.js' })).body).toContain('"apiBaseUrl":"https://api.example.com","tokenSignIn":false');
  });

  it('serves the dashboard on / and deep links whatever the Accept header (none, */*, text/html), also to HEAD', async () => {
    const index = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
    const accepts: (string | undefined)[] = [undefined, '*/*', 'text/html', 'application/json'];
    for (const url of ['/', '/transactions', '/transactions/00000000000000000000?status=denied', '/credentials/new', '/no-such-page']) {
      for (const accept of accepts) {
        const headers = accept === undefined ? {} : { accept };
        const get = await app.inject({ url, headers });
        expect(get.statusCode, `GET ${url} ${accept}`).toBe(200);
        expect(get.headers['content-type'], `GET ${url} ${accept}`).toBe('text/html; charset=utf-8');
        expect(get.headers['cache-control']).toBe('no-cache');
        expect(get.body).toBe(index);
        const head = await app.inject({ method: 'HEAD', url, headers });
        expect(head.statusCode, `HEAD ${url} ${accept}`).toBe(200);
        expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(head.body).toBe('');
      }
    }
  });

  it('keeps API paths, assets and missing files as problem+json 404, and 405 on known API paths', async () => {
    for (const url of ['/v1', '/v1/unknown', '/health/nothing', '/assets/missing-AbCd1234.js', '/favicon.ico', '/robots.txt', '/app.js.map']) {
      for (const accept of [undefined, '*/*', 'text/html']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await app.inject({ method, url, headers: accept === undefined ? {} : { accept } });
          expect(res.statusCode, `${method} ${url} ${accept}`).toBe(404);
          expect(res.headers['content-type'], `${method} ${url} ${accept}`).toContain('application/problem+json');
        }
      }
    }
    const post = await app.inject({ method: 'POST', url: '/transactions', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/problem+json');
    for (const [method, url] of [['POST', '/openapi.json'], ['DELETE', '/health/live'], ['PUT', '/config.js']] as const) {
      const res = await app.inject({ method, url, headers: { accept: 'text/html' } });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers CORS preflights for the configured origin only', async () => {
    const preflight = await app.inject({ method: 'OPTIONS', url: '/v1/events', headers: { origin: 'https://console.example.com', 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://console.example.com');
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    const denied = await app.inject({ url: '/v1/events', headers: { origin: 'https://evil.example.com' } });
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await app.inject({ url: '/v1/events', headers: { origin: 'https://console.example.com' } });
    expect(allowed.statusCode).toBe(401);
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });
});
