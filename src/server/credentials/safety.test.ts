import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Credential, CredentialInput } from '../../contract/credentials.ts';
import type { Problem } from '../../contract/problem.ts';
import { buildApp } from '../app.ts';
import { findToken } from '../auth/token-store.ts';
import { claimKey, releaseKey, requestHash, sweepIdempotencyKeys } from './idempotency.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

const body = (mid: string): CredentialInput => ({
  merchantId: 'm1',
  providerId: 'd4ps1c0000000000cie0',
  providerName: 'cielo',
  authenticationData: { merchantIdentifier: mid, terminalIdentifier: 'T1' },
});

describe.each(backends)('modes, idempotency claims and expiry on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let test: string;
    let live: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, 'org1', ['m1']);
      test = await bearer(t.database, 'org1', { mode: 'test' });
      live = await bearer(t.database, 'org1', { mode: 'live' });
    });
    afterAll(async () => t?.close());
    const post = (payload: CredentialInput, authorization: string, key?: string) =>
      t.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization, ...(key ? { 'idempotency-key': key } : {}) }, payload });
    const tokenId = async (authorization: string) => (await findToken(t.database.db, authorization.slice(7)))?.tokenId ?? '';

    it('a live token reads live credentials only, a test token test ones only', async () => {
      const testCredential = (await post(body('MODE'), test)).json<Credential>();
      const liveCredential = (await post(body('MODE'), live)).json<Credential>();
      expect([testCredential.testMode, liveCredential.testMode]).toEqual([true, false]);
      const read = (id: string, authorization: string) => t.app.inject({ url: `/v1/credentials/${id}`, headers: { authorization } });
      expect((await read(testCredential.id, test)).statusCode).toBe(200);
      expect((await read(liveCredential.id, live)).statusCode).toBe(200);
      expect((await read(testCredential.id, live)).statusCode).toBe(404);
      expect((await read(liveCredential.id, test)).statusCode).toBe(404);
    });

    it('a request whose key is held by one still running gets 409 problem+json saying so; after it, the key works', async () => {
      const payload = body('INPROGRESS');
      const id = await tokenId(test);
      expect(await claimKey(t.database.db, id, 'busy-key', requestHash('POST', '/v1/credentials', payload), 24)).toEqual({ kind: 'claimed' });
      const res = await post(payload, test, 'busy-key');
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json<Problem>();
      expect(problem.type).toMatch(/idempotency-key-in-progress$/);
      expect(problem.detail).toMatch(/in progress/);
      expect(problem.errors?.[0]?.parameter).toBe('Idempotency-Key');
      await releaseKey(t.database.db, id, 'busy-key');
      expect((await post(payload, test, 'busy-key')).statusCode).toBe(201);
      expect((await post(payload, test, 'busy-key')).headers['idempotent-replayed']).toBe('true');
    });

    it('concurrent requests with one key: one creates, the others replay it or hear it is in progress, never a 500', async () => {
      const replies = await Promise.all(Array.from({ length: 6 }, () => post(body('CONCURRENT'), test, 'same-key')));
      expect(replies.map((r) => r.statusCode).every((s) => s === 201 || s === 409)).toBe(true);
      expect(new Set(replies.filter((r) => r.statusCode === 201).map((r) => r.json<Credential>().id)).size).toBe(1);
    });

    it('records expire after the TTL: an old key is new again, and the sweep deletes old records', async () => {
      expect((await post(body('OLD'), test, 'old-key')).statusCode).toBe(201);
      expect((await post(body('OTHER'), test, 'old-key')).statusCode).toBe(422);
      await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(sql`${idempotencyKeys.key} = 'old-key'`);
      expect((await post(body('OTHER'), test, 'old-key')).statusCode).toBe(201);
      await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(sql`${idempotencyKeys.key} = 'old-key'`);
      const before = await t.database.db.select().from(idempotencyKeys);
      expect(await sweepIdempotencyKeys(t.database.db, 24)).toBe(1);
      const after = await t.database.db.select().from(idempotencyKeys);
      expect(after.map((r) => r.key).sort()).toEqual(before.map((r) => r.key).filter((k) => k !== 'old-key').sort());
    });
  });
});

describe('logs of failed statements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('carry the request id and the statement, never its parameters', async () => {
    let logged = '';
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => ((logged += chunk.toString()), done()) });
    const failing = {
      ...t.database,
      query: () => Promise.reject(new DrizzleQueryError('select 1 where $1 = $2', ['tokenhash0123456789abcdef', '{"secretKey":"hunter2"}'], new Error('boom'))),
    };
    const app = await buildApp({ database: failing, webRoot: null, logger: { level: 'info', stream } });
    try {
      const res = await app.inject({ url: '/health/ready', headers: { 'x-request-id': 'failed-statement-1', authorization: 'Bearer acq_secret_token', cookie: 'sid=cookie-secret' } });
      expect(res.statusCode).toBe(503);
    } finally {
      await app.close();
    }
    expect(logged).toContain('select 1 where $1 = $2');
    expect(logged).toContain('"requestId":"failed-statement-1"');
    for (const secret of ['tokenhash0123456789abcdef', 'hunter2', 'acq_secret_token', 'cookie-secret']) expect(logged).not.toContain(secret);
  });
});
