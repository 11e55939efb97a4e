import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import type { ApiInstance } from './api-instance.ts';

describe('rate limits (429 problem+json)', () => {
  let test: TestDatabase;
  let app: ApiInstance;
  let tokenA: string;
  let tokenB: string;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    await insertOrganization(test.database, 'org1', []);
    tokenA = await bearer(test.database, 'org1');
    tokenB = await bearer(test.database, 'org1');
    app = await buildApp({ database: test.database, webRoot: null, rateLimits: { perToken: 3, perAddress: 2, authFailures: 2, notifications: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  const expectTooMany = (res: Awaited<ReturnType<ApiInstance['inject']>>, limit: number) => {
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-limit']).toBe(String(limit));
    expect(res.headers['ratelimit-remaining']).toBe('0');
  };

  it('counts per token: the fourth request of one token is refused, another token still passes', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await app.inject({ url: '/v1/me', headers: { authorization: tokenA } }));
    expect(answers.slice(0, 3).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expectTooMany(answers[3]!, 3);
    expect(answers[3]!.json<{ detail: string }>().detail).toMatch(/access token/);
    expect((await app.inject({ url: '/v1/me', headers: { authorization: tokenB } })).statusCode).toBe(200);
  });

  it('is stricter for failed authentication: the third wrong token from an address gets 429, a valid token does not', async () => {
    const wrong = [];
    for (let i = 0; i < 3; i += 1) wrong.push(await app.inject({ url: '/v1/me', headers: { authorization: `Bearer wrong-${i}` }, remoteAddress: '10.0.0.7' }));
    expect(wrong.slice(0, 2).map((r) => r.statusCode)).toEqual([401, 401]);
    expectTooMany(wrong[2]!, 2);
    expect(wrong[2]!.json<{ detail: string }>().detail).toMatch(/failed authentications/);
    expect((await app.inject({ url: '/v1/me', headers: { authorization: tokenB }, remoteAddress: '10.0.0.7' })).statusCode).toBe(200);
    // another address is not affected
    expect((await app.inject({ url: '/v1/me', headers: { authorization: 'Bearer wrong' }, remoteAddress: '10.0.0.8' })).statusCode).toBe(401);
  });

  it('counts per address for requests without a token', async () => {
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await app.inject({ url: '/openapi.json', remoteAddress: '10.0.0.9' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('never limits the health probes', async () => {
    const codes = [];
    for (const url of ['/health', '/health/live', '/health/ready', '/health/live', '/health/live']) codes.push((await app.inject({ url, remoteAddress: '10.0.0.10' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('behind a load balancer (TRUST_PROXY)', () => {
  let test: TestDatabase;
  const limits = { perToken: 3, perAddress: 2, authFailures: 2, notifications: 2, windowMs: 60_000 };
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => test?.dispose());
  const three = async (app: ApiInstance, client: string) => {
    const codes = [];
    for (let i = 0; i < 3; i += 1) codes.push((await app.inject({ url: '/openapi.json', remoteAddress: '10.1.0.1', headers: { 'x-forwarded-for': client } })).statusCode);
    return codes;
  };

  it('with one trusted hop, clients behind the same balancer are counted apart', async () => {
    const app = await buildApp({ database: test.database, webRoot: null, rateLimits: limits, trustProxy: 1 });
    try {
      expect(await three(app, '203.0.113.5')).toEqual([200, 200, 429]);
      expect(await three(app, '203.0.113.6')).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it('without it, X-Forwarded-For is ignored: a client cannot escape its limit by inventing addresses', async () => {
    const app = await buildApp({ database: test.database, webRoot: null, rateLimits: limits });
    try {
      expect(await three(app, '203.0.113.5')).toEqual([200, 200, 429]);
      expect(await three(app, '203.0.113.6')).toEqual([429, 429, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('security headers, caching and compression', () => {
  let test: TestDatabase;
  let app: ApiInstance;
  let auth: string;
  const webRoot = mkdtempSync(path.join(tmpdir(), 'acq-edge-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  beforeAll(async () => {
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(path.join(webRoot, 'assets/index-AbCd12_-.js'), script);
    writeFileSync(path.join(webRoot, 'assets/index-AbCd12_-.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webRoot, 'assets/index-AbCd12_-.js.gz'), gzipSync(script));
    test = await createTestDatabase('pglite');
    await insertOrganization(test.database, 'org1', ['m1']);
    auth = await bearer(test.database, 'org1');
    app = await buildApp({ database: test.database, webRoot, publicApiBaseUrl: 'https://api.example.com/base' });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a CSP without inline script and no framing, nosniff, no-referrer, and no HSTS without TLS', async () => {
    for (const url of ['/', '/v1/me']) {
      const res = await app.inject({ url, headers: { authorization: auth, accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name = '', ...values]) => [name, values]));
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['connect-src']).toEqual(["'self'", 'https://api.example.com']);
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends scripts without the document-only headers, keeping nosniff and the resource policy', async () => {
    for (const url of ['/assets/index-AbCd12_-.js', '/config.js']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection']) {
        expect(res.headers[name], `${url}: ${name}`).toBeUndefined();
      }
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    const page = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('marks API data no-store, hashed assets immutable for a year, everything else no-cache', async () => {
    expect((await app.inject({ url: '/v1/me', headers: { authorization: auth } })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/v1/me' })).headers['cache-control']).toBe('no-store');
    const asset = await app.inject({ url: '/assets/index-AbCd12_-.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // immutable: nothing to revalidate with
    expect([asset.headers.etag, asset.headers['last-modified'], asset.headers['accept-ranges']]).toEqual([undefined, undefined, undefined]);
    const page = await app.inject({ url: '/index.html' });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag ?? page.headers['last-modified']).toBeTruthy();
    expect((await app.inject({ url: '/config.js' })).headers['cache-control']).toBe('no-cache');
  });

  it('serves the pre-compressed copy the client accepts', async () => {
    const br = await app.inject({ url: '/assets/index-AbCd12_-.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({ url: '/assets/index-AbCd12_-.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-AbCd12_-.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API responses over 1 kB only', async () => {
    const big = await app.inject({ url: '/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(big.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(big.rawPayload).toString();
    expect(body.length).toBeGreaterThan(1024);
    expect(JSON.parse(body)).toHaveProperty('openapi');
    const small = await app.inject({ url: '/v1/me', headers: { authorization: auth, 'accept-encoding': 'br' } });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('CORS', () => {
  // built in a hook (its longer timeout): a fresh PGlite takes over 30 s on the loaded shared machine
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    app = await buildApp({ database: test.database, webRoot: null, corsOrigin: 'http://127.0.0.1:5000' });
  });
  afterAll(async () => {
    await app.close();
    await test.dispose();
  });

  it('exposes exactly the headers clients read, to the configured origin only', async () => {
    const res = await app.inject({ url: '/v1/events', headers: { origin: 'http://127.0.0.1:5000' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5000');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toEqual([
      'Link',
      'X-Total-Count',
      'X-Total-Count-Exact',
      'Location',
      'Idempotent-Replayed',
      'ETag',
      'X-Request-Id',
      'WWW-Authenticate',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/credentials',
      headers: { origin: 'http://127.0.0.1:5000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,idempotency-key,content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toBe('authorization, content-type, idempotency-key, if-match, last-event-id');
    const patch = await app.inject({
      method: 'OPTIONS',
      url: '/v1/credentials/x',
      headers: { origin: 'http://127.0.0.1:5000', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization,if-match,content-type' },
    });
    expect(patch.statusCode).toBe(204);
    expect(String(patch.headers['access-control-allow-methods']).split(/,\s*/)).toContain('PATCH');
    const other = await app.inject({ url: '/v1/events', headers: { origin: 'http://127.0.0.1:5001' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
