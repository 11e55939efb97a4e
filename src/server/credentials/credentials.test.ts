import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Credential } from '../../contract/credentials.ts';
import { xidPattern } from '../../contract/ids.ts';
import type { Problem } from '../../contract/problem.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { credentials } from '../db/schema.ts';
import { upsertProviders } from '../providers/providers-sync.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

const cielo = 'd4ps1c0000000000cie0';
const body = (over: Record<string, unknown> = {}) => ({
  merchantId: 'm1',
  providerId: cielo,
  providerName: 'cielo',
  authenticationData: { merchantIdentifier: 'MID001', terminalIdentifier: 'TID001' },
  ...over,
});

describe.each(backends)('POST /v1/credentials on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let auth: string;
    let live: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, 'org1', ['m1', 'm2', 'm3']);
      await insertOrganization(t.database, 'org2', ['x1']);
      auth = await bearer(t.database, 'org1');
      live = await bearer(t.database, 'org1', { mode: 'live' });
    });
    afterAll(async () => t?.close());

    const post = (payload: unknown, authorization = auth, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization, ...headers }, payload: payload as object });
    const count = async () => Number((await t.database.db.select({ n: sql<string>`count(*)` }).from(credentials))[0]?.n);

    it('creates a credential: 201, Location, exactly the documented fields', async () => {
      const res = await post(body());
      expect(res.statusCode).toBe(201);
      const credential = res.json<Credential>();
      expect(res.headers.location).toBe(`/v1/credentials/${credential.id}`);
      expect(credential.id).toMatch(xidPattern);
      expect(Object.keys(credential).sort()).toEqual(
        ['authenticationData', 'createdAt', 'enabled', 'id', 'merchantId', 'providerId', 'subacquirerId', 'testMode', 'updatedAt'].sort(),
      );
      expect(credential).toMatchObject({ merchantId: 'm1', providerId: cielo, subacquirerId: 'org1', testMode: true, enabled: true });
      expect(credential.authenticationData).toEqual({ merchantIdentifier: 'MID001', terminalIdentifier: 'TID001' });
    });

    it('GET the Location: 200 with the same credential; 404 problem for another organization, merchant or unknown id; 403 without the scope', async () => {
      const created = await post(body({ merchantId: 'm2', authenticationData: { merchantIdentifier: 'READ', terminalIdentifier: 'T1' } }));
      const location = String(created.headers.location);
      const read = (authorization: string, url = location) => t.app.inject({ url, headers: { authorization } });
      const own = await read(auth);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual(created.json());
      expect((await read(await bearer(t.database, 'org1', { merchantId: 'm2', scopes: ['credentials:write'] }))).statusCode).toBe(200);
      const notFound = [
        await read(await bearer(t.database, 'org2')),
        await read(await bearer(t.database, 'org1', { merchantId: 'm1' })),
        await read(auth, '/v1/credentials/d4ps1c0000000000zzz0'),
        await read(auth, '/v1/credentials/not-an-id'),
      ];
      for (const res of notFound) {
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json<Problem>().status).toBe(404);
      }
      expect((await read(await bearer(t.database, 'org1', { scopes: ['transactions:read'] }))).statusCode).toBe(403);
      expect((await read(auth, `${location}?x=1`)).statusCode).toBe(400);
    });

    it('409 names the existing credential; live mode, another TID or another merchant are different credentials', async () => {
      const first = await post(body({ authenticationData: { merchantIdentifier: 'DUP', terminalIdentifier: 'T1' } }));
      const again = await post(body({ authenticationData: { terminalIdentifier: 'T1', merchantIdentifier: 'DUP' }, status: 'disconnected' }));
      expect(again.statusCode).toBe(409);
      expect(again.headers['content-type']).toContain('application/problem+json');
      const problem = again.json<Problem>();
      expect(problem.existingId).toBe(first.json<Credential>().id);
      expect(problem.detail).toContain(first.json<Credential>().id);
      const inLive = await post(body({ authenticationData: { merchantIdentifier: 'DUP', terminalIdentifier: 'T1' } }), live);
      expect(inLive.statusCode).toBe(201);
      expect(inLive.json<Credential>().testMode).toBe(false);
      expect((await post(body({ authenticationData: { merchantIdentifier: 'DUP', terminalIdentifier: 'T2' } }))).statusCode).toBe(201);
      const disconnected = await post(body({ merchantId: 'm2', status: 'disconnected', authenticationData: { merchantIdentifier: 'DUP', terminalIdentifier: 'T1' } }));
      expect(disconnected.statusCode).toBe(201);
      expect(disconnected.json<Credential>().enabled).toBe(false);
    });

    it('replays a retried POST with the same Idempotency-Key and creates one credential', async () => {
      const before = await count();
      const payload = body({ merchantId: 'm3', authenticationData: { merchantIdentifier: 'IDEM', terminalIdentifier: 'T1' } });
      const first = await post(payload, auth, { 'idempotency-key': 'key-1' });
      const second = await post(payload, auth, { 'idempotency-key': 'key-1' });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.body).toBe(first.body);
      expect(second.headers.location).toBe(first.headers.location);
      expect(await count()).toBe(before + 1);
      const other = await post({ ...payload, merchantId: 'm2' }, auth, { 'idempotency-key': 'key-1' });
      expect(other.statusCode).toBe(422);
      expect(other.json<Problem>().detail).toMatch(/already used with a different request/);
      expect(await count()).toBe(before + 1);
      const badKey = await post(payload, auth, { 'idempotency-key': 'has space' });
      expect(badKey.json<Problem>().errors).toEqual([{ parameter: 'Idempotency-Key', detail: expect.any(String) as string }]);
    });

    it('answers concurrent identical POSTs with one 201 and 409s or replays, never a 500', async () => {
      const payload = body({ authenticationData: { merchantIdentifier: 'RACE', terminalIdentifier: 'T1' } });
      const plain = await Promise.all(Array.from({ length: 6 }, () => post(payload)));
      expect(plain.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const keyed = body({ authenticationData: { merchantIdentifier: 'RACE', terminalIdentifier: 'T2' } });
      const replies = await Promise.all(Array.from({ length: 6 }, () => post(keyed, auth, { 'idempotency-key': 'race-key' })));
      expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
      const created = new Set(replies.filter((r) => r.statusCode === 201).map((r) => r.json<Credential>().id));
      expect(created.size).toBe(1);
      const rows = await t.database.db.select().from(credentials).where(sql`${credentials.identityKey} like '%RACE%'`);
      expect(rows.length).toBe(2);
    });

    it.each([
      [{ ...body(), merchantId: 42 }, ['/merchantId']],
      [{ ...body(), extra: true }, ['/extra']],
      [{ merchantId: 'm1' }, ['/providerId', '/providerName', '/authenticationData']],
      [body({ providerName: 'acme' }), ['/providerName']],
      [body({ providerId: 'd4ps1c0000000000zzz0' }), ['/providerId']],
      [body({ providerName: 'rede' }), ['/providerId', '/providerName']],
      [body({ authenticationData: { merchantIdentifier: '1234567890123456', terminalIdentifier: 'T1' } }), ['/authenticationData/merchantIdentifier']],
      [body({ authenticationData: { merchantIdentifier: 'M-1', terminalIdentifier: 'T1', pin: '1234' } }), ['/authenticationData/merchantIdentifier', '/authenticationData/pin']],
      [body({ authenticationData: { merchantIdentifier: 'M1' } }), ['/authenticationData/terminalIdentifier']],
      [body({ authenticationData: { merchantIdentifier: 1 } }), ['/authenticationData/merchantIdentifier']],
      [body({ merchantId: 'x1' }), ['/merchantId']],
      [body({ merchantId: 'nobody' }), ['/merchantId']],
      [body({ status: 'paused' }), ['/status']],
      [[body()], ['']],
    ])('400 for %j naming %j', async (payload, pointers) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json<Problem>();
      expect((problem.errors ?? []).map((e) => e.pointer).sort()).toEqual([...pointers].sort());
      expect(problem.errors?.every((e) => e.detail.length > 0)).toBe(true);
    });

    it('415 for a non-JSON body, 400 for malformed or empty JSON, 413 over 64 KiB', async () => {
      const raw = (payload: string, contentType?: string) =>
        t.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: auth, ...(contentType ? { 'content-type': contentType } : {}) }, payload });
      expect((await raw('merchantId=m1', 'application/x-www-form-urlencoded')).statusCode).toBe(415);
      expect((await raw('hello', 'text/plain')).statusCode).toBe(415);
      expect((await raw('')).statusCode).toBe(415);
      const malformed = await raw('{"merchantId":', 'application/json');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<Problem>().detail).toMatch(/not valid JSON/);
      expect((await raw('', 'application/json')).statusCode).toBe(400);
      const big = await raw(JSON.stringify(body({ additionalData: { blob: 'x'.repeat(70_000) } })), 'application/json');
      expect(big.statusCode).toBe(413);
      expect(big.headers['content-type']).toContain('application/problem+json');
      expect((await raw(JSON.stringify(body({ additionalData: { note: 'small' }, authenticationData: { merchantIdentifier: 'SMALL', terminalIdentifier: 'T' } })), 'application/json; charset=utf-8')).statusCode).toBe(201);
    });
  });
});

describe('credentials survive a restart (PGlite on disk)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acq-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps every credential and its 409 after closing and reopening', async () => {
    const first = await openDatabase({ dataDir: dir });
    await upsertProviders(first.db);
    await insertOrganization(first, 'org1', ['m1']);
    const auth = await bearer(first, 'org1');
    let app = await buildApp({ database: first, webRoot: null });
    const created = await app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: auth }, payload: body() });
    expect(created.statusCode).toBe(201);
    await app.close();
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    app = await buildApp({ database: second, webRoot: null });
    const rows = await second.db.select().from(credentials);
    expect(rows.map((r) => r.id)).toEqual([created.json<Credential>().id]);
    const again = await app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: auth }, payload: body() });
    expect(again.statusCode).toBe(409);
    expect(again.json<Problem>().existingId).toBe(created.json<Credential>().id);
    await app.close();
    await second.close();
  }, 120_000);
});
