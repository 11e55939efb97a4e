import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createdAtBounds } from '../contract/filters.ts';
import { requestIdHeader } from '../contract/headers.ts';
import { problemContentType, type Problem } from '../contract/problem.ts';
import { buildApp } from './app.ts';
import { credentials } from './db/schema.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from './test/harness.ts';
import { rawRequest } from './test/raw-http.ts';

const cielo = 'd4ps1c0000000000cie0';
const validBody = (over: Record<string, unknown> = {}) => ({
  merchantId: 'm1',
  providerId: cielo,
  providerName: 'cielo',
  authenticationData: { merchantIdentifier: 'MID', terminalIdentifier: 'T1' },
  ...over,
});
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe.each(backends)('hostile input on $kind: every rejection is problem+json naming the field, never a 5xx', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let port: number;
    let auth: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, 'org1', ['m1']);
      auth = await bearer(t.database, 'org1');
      app = await buildApp({ database: t.database, webRoot: null, limits: { requestTimeoutMs: 1500, maxHeaderBytes: 8192 } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
      await t?.dispose();
    });
    const stored = async () => Number((await t.database.db.select({ n: sql<string>`count(*)` }).from(credentials))[0]?.n);

    function expectProblem(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, named: string[]) {
      expect(res.statusCode).toBe(status);
      expect(String(res.headers['content-type'])).toContain(problemContentType);
      expect(res.headers[requestIdHeader]).toBeTruthy();
      const problem = JSON.parse(res.body) as Problem;
      expect(problem.status).toBe(status);
      expect((problem.errors ?? []).map((e) => e.pointer ?? e.parameter)).toEqual(expect.arrayContaining(named));
      return problem;
    }

    it.each([
      ['/v1/events?created_at=9999-12-31'],
      ['/v1/events?created_at=1600-01-01'],
      ['/v1/events?created_at=2026-01-01..9999-12-31'],
      ['/v1/events?created_at=..1677-09-21T23:59:59Z'],
      ['/v1/transactions/summaries?created_at=9999-12-31'],
      ['/v1/transactions/summaries?created_at=0001-01-01T00:00:00Z..'],
      ['/v1/transactions/summaries?created_at=2262-04-11'],
    ])('%s: 400 naming created_at and stating the representable range', async (url) => {
      const res = await app.inject({ url, headers: { authorization: auth } });
      const problem = expectProblem(res, 400, ['created_at']);
      expect(problem.errors?.[0]?.detail).toContain(createdAtBounds.from);
      expect(problem.errors?.[0]?.detail).toContain(createdAtBounds.to);
    });

    it('accepts the edges of the range', async () => {
      for (const value of [`${createdAtBounds.from}..`, `..${createdAtBounds.to}T00:00:00Z`, '2262-04-10']) {
        expect((await app.inject({ url: `/v1/events?created_at=${value}`, headers: { authorization: auth } })).statusCode).toBe(200);
      }
    });

    it.each([['/v1/credentials/%00'], ['/v1/credentials/%00abc'], ['/v1/credentials/..%2F..'], ['/v1/credentials/%F0%9F%92%A9']])('GET %s: 404 naming id', async (url) => {
      expectProblem(await app.inject({ url, headers: { authorization: auth } }), 404, ['id']);
    });

    it.each([
      ['a NUL in an authentication value', JSON.stringify(validBody({ authenticationData: { merchantIdentifier: 'M\u0000', terminalIdentifier: 'T1' } })), '/authenticationData/merchantIdentifier'],
      ['a NUL in additionalData', JSON.stringify(validBody({ additionalData: { note: 'a\u0000b' } })), '/additionalData/note'],
      ['a NUL in a key', JSON.stringify(validBody({ additionalData: { 'k\u0000': 1 } })), '/additionalData/k%00'],
      ['a lone surrogate in a value', JSON.stringify(validBody({ authenticationData: { merchantIdentifier: 'M1', terminalIdentifier: 'T1' } })).replace('"T1"', '"T\\ud800"'), '/authenticationData/terminalIdentifier'],
      ['a lone low surrogate in additionalData', JSON.stringify(validBody({ additionalData: { x: 'X' } })).replace('"X"', '"\\udc00"'), '/additionalData/x'],
      ['10 000 levels of nesting', JSON.stringify(validBody({ additionalData: { nest: 'HERE' } })).replace('"HERE"', deep(10_000)), '/additionalData/nest'],
    ])('POST /v1/credentials with %s: 400 naming the place, nothing stored', async (_, payload, pointer) => {
      const before = await stored();
      const res = await app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: auth, 'content-type': 'application/json' }, payload });
      const problem = expectProblem(res, 400, []);
      expect(problem.errors?.some((e) => e.pointer?.startsWith(pointer))).toBe(true);
      expect(await stored()).toBe(before);
    });

    it('Node and router rejections are problem+json: 431 for huge headers, 414 for a huge id, 400 for a bad URL', async () => {
      const big = await rawRequest(port, [`GET /v1/me HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(10_000)}\r\nConnection: close\r\n\r\n`]);
      expect(big.status).toBe(431);
      expect(big.headers['content-type']).toContain(problemContentType);
      expect(big.headers[requestIdHeader]).toBeTruthy();
      expect((JSON.parse(big.body) as Problem).status).toBe(431);

      const long = await rawRequest(port, [`GET /v1/credentials/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`]);
      expect(long.status).toBe(414);
      expect(long.headers['content-type']).toContain(problemContentType);

      const bad = await rawRequest(port, ['GET /v1/credentials/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
      expect(bad.status).toBe(400);
      expect(bad.headers['content-type']).toContain(problemContentType);
      expect((JSON.parse(bad.body) as Problem).errors?.[0]?.parameter).toBe('path');

      const garbage = await rawRequest(port, ['HELLO THERE\r\n\r\n']);
      expect(garbage.status).toBe(400);
      expect(garbage.headers['content-type']).toContain(problemContentType);
    });

    it('a body dripped one byte at a time is cut with a 408 problem once REQUEST_TIMEOUT_MS passes; nothing stored', async () => {
      const before = await stored();
      const body = JSON.stringify(validBody({ authenticationData: { merchantIdentifier: 'DRIP', terminalIdentifier: 'T1' } }));
      const head = `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      const res = await rawRequest(port, [head, ...body.split('')], { gapMs: 200, limitMs: 15_000 });
      expect(res.status).toBe(408);
      expect(res.headers['content-type']).toContain(problemContentType);
      expect(await stored()).toBe(before);
    });

    it('X-Request-Id: a sane incoming id is echoed, an insane one replaced, a missing one generated', async () => {
      const kept = await app.inject({ url: '/v1/me', headers: { authorization: auth, [requestIdHeader]: 'abc-123.x:y' } });
      expect(kept.headers[requestIdHeader]).toBe('abc-123.x:y');
      const replaced = await app.inject({ url: '/v1/me', headers: { authorization: auth, [requestIdHeader]: 'evil\ninjected' } });
      expect(replaced.headers[requestIdHeader]).toMatch(/^[0-9a-f-]{36}$/);
      const generated = await app.inject({ url: '/nowhere' });
      expect(generated.statusCode).toBe(404);
      expect(generated.headers[requestIdHeader]).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});
