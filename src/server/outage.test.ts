import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemContentType, type Problem } from '../contract/problem.ts';
import { requestIdHeader } from '../contract/headers.ts';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { upsertProviders } from './providers/providers-sync.ts';
import { bearer, createTestApp, insertOrganization, postgresAvailable, type TestApp } from './test/harness.ts';
import { postgresBehindProxy, type TcpProxy } from './test/tcp-proxy.ts';

const credentialBody = (mid: string) => ({
  merchantId: 'm1',
  providerId: 'd4ps1c0000000000cie0',
  providerName: 'cielo',
  authenticationData: { merchantIdentifier: mid, terminalIdentifier: 'T1' },
});

/** A request that must answer, not hang: it is aborted (and the test fails) after 8 s. */
async function call(origin: string, path: string, init: RequestInit = {}) {
  const response = await fetch(origin + path, { ...init, signal: AbortSignal.timeout(8000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within 10 s`);
}

describe.skipIf(!postgresAvailable)('PostgreSQL cut under the running server (a TCP proxy between app and database)', () => {
  let proxy: TcpProxy;
  let database: Database;
  let drop: () => Promise<void>;
  let app: ApiInstance;
  let origin: string;
  let auth: string;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    let url: string;
    ({ proxy, url, drop } = await postgresBehindProxy());
    database = await openDatabase({ databaseUrl: url, connectTimeoutMs: 500, onConnectionError: (e) => connectionErrors.push(e) });
    await upsertProviders(database.db);
    await insertOrganization(database, 'org1', ['m1']);
    auth = await bearer(database, 'org1');
    // no token cache: here every authenticated request must reach the database (a cached lookup would let
    // /v1/me answer from memory for TOKEN_CACHE_SECONDS while the database is away)
    app = await buildApp({ database, webRoot: null, tokenCacheSeconds: 0 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close().catch(() => undefined);
    await drop?.();
  });

  const headers = () => ({ authorization: auth, 'content-type': 'application/json' });
  const post = (mid: string) => call(origin, '/v1/credentials', { method: 'POST', headers: headers(), body: JSON.stringify(credentialBody(mid)) });

  function expectUnavailable(res: Awaited<ReturnType<typeof call>>) {
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain(problemContentType);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get(requestIdHeader)).toBeTruthy();
    expect((res.body as Problem).type).toMatch(/database-unavailable$/);
  }

  it('serves, answers 503 + Retry-After while the database is gone (refused, then black-holed), and serves again when it returns', async () => {
    expect((await call(origin, '/v1/me', { headers: headers() })).status).toBe(200);
    expect((await post('BEFORE')).status).toBe(201);
    // several idle pooled connections, so that the cut reaches idle clients too (the crash of issue 7)
    await Promise.all([1, 2, 3, 4].map(() => call(origin, '/v1/me', { headers: headers() })));

    await proxy.cut();
    await eventually(() => Promise.resolve(connectionErrors.length > 0), 'an idle-connection error');
    for (const res of await Promise.all([call(origin, '/v1/me', { headers: headers() }), post('DURING'), call(origin, '/v1/credentials/abc', { headers: headers() })])) {
      expectUnavailable(res);
    }
    expectUnavailable(await call(origin, '/health/ready'));
    expect((await call(origin, '/health/live')).status).toBe(200);
    expect((await call(origin, '/health')).status).toBe(200);

    await proxy.restore();
    proxy.stall();
    expectUnavailable(await call(origin, '/v1/me', { headers: headers() }));
    expectUnavailable(await post('STALLED'));

    await proxy.restore();
    await eventually(async () => (await call(origin, '/health/ready')).status === 200, 'readiness after the database returned');
    expect((await call(origin, '/v1/me', { headers: headers() })).status).toBe(200);
    expect((await post('AFTER')).status).toBe(201);
    // nothing was written while the database was away
    const mids = await database.query<{ mid: string }>("select authentication_data->>'merchantIdentifier' as mid from credentials order by 1");
    expect(mids.map((r) => r.mid)).toEqual(['AFTER', 'BEFORE']);
  });
});

describe('/health/live answers ahead of a deep embedded-database queue; /health/ready gives up quickly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('live answers before queued database work finishes (it never waits in the database queue)', async () => {
    const finished: string[] = [];
    const queued = Array.from({ length: 12 }, (_, i) =>
      t.database.query('select count(*) from generate_series(1, 50000)').then(() => finished.push(`query ${i}`)),
    );
    const live = t.app.inject('/health/live').then((res) => {
      finished.push('live');
      return res;
    });
    const alias = await t.app.inject('/health');
    expect((await live).statusCode).toBe(200);
    expect(alias.json()).toEqual({ status: 'ok' });
    await Promise.all(queued);
    expect(finished.indexOf('live')).toBeLessThan(finished.length - 1);
    expect(finished.indexOf('live')).toBeLessThan(5);
  });

  it('ready: 200 when the database answers; 503 problem+json with Retry-After when it does not answer within its timeout', async () => {
    expect((await t.app.inject('/health/ready')).json()).toEqual({ status: 'ok' });
    // a database that never answers (what a hung connection looks like to the process)
    const hung: Database = { ...t.database, query: () => new Promise(() => undefined) };
    const app = await buildApp({ database: hung, webRoot: null });
    try {
      const ready = await app.inject('/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['content-type']).toContain(problemContentType);
      expect(Number(ready.headers['retry-after'])).toBeGreaterThan(0);
      expect((await app.inject('/health/live')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
