import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eventQueryShape } from '../contract/events.ts';
import { idempotencyKeyHeader, requestIdHeader } from '../contract/headers.ts';
import { problemContentType } from '../contract/problem.ts';
import { summaryQueryShape } from '../contract/summaries.ts';
import { credentials, idempotencyKeys } from './db/schema.ts';
import { backends } from './test/harness.ts';
import { createListFixture, type ListFixture } from './test/list-fixture.ts';

/**
 * Property-based fuzzing of every endpoint's query, path, headers and body (fast-check): whatever arrives,
 * the answer is never a 5xx, every error is problem+json, and a rejected request stores nothing.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 80);

/** Percent-encodes text as UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`)).join('');

const tricky = fc.constantFrom(
  '', '0', '-1', '1e309', '9999999999999999999999', 'NaN', 'null', '[]', '{}', '..', '...', '%', '%00', '\u0000', '\ud800', '𝟘', 'ß',
  '9999-12-31', '0000-01-01', '2026-02-30', '2026-11-21T25:00:00Z', '2026-11-21..', '..2026-11-21', '2262-04-10', '1677-09-22',
  '0.001', '10..5', '150.00', 'asc', 'desc', 'created_at', 'amount', 'cielo', 'credit_card', 'approved', 'visa', '411111', '1234',
  'payment.completed', 'a'.repeat(5000),
);
const anyText = fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 12 }));

const queryOf = (names: string[]) =>
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })), anyText), { maxLength: 5 })
    .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`));

/** Header values Node can send: visible ASCII and spaces. */
const headerValue = fc.oneof(fc.constantFrom('', 'Bearer', 'Bearer ', 'Basic abc', 'application/json', 'text/plain', 'x'.repeat(300)), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }));
const extraHeaders = fc.dictionary(fc.constantFrom(idempotencyKeyHeader, 'content-type', 'accept', requestIdHeader, 'origin', 'x-anything'), headerValue, { maxKeys: 3 });

const bodyOf = (merchantId: string) => {
  const validBody = { merchantId, providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: 'MID', terminalIdentifier: 'TID' } };
  const alnum = (max: number) => fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'), minLength: 1, maxLength: max });
  return fc.oneof(
  // valid bodies with random codes: some requests must get through, or "nothing stored when rejected" proves little
  fc.record({ mid: alnum(15), tid: alnum(8) }).map(({ mid, tid }) => JSON.stringify({ ...validBody, authenticationData: { merchantIdentifier: mid, terminalIdentifier: tid } })),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.record({ field: fc.constantFrom(...Object.keys(validBody), 'status', 'additionalData', 'authenticationData'), value: fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyText) }).map(({ field, value }) => JSON.stringify({ ...validBody, [field]: value })),
  fc.record({ key: anyText, value: anyText }).map(({ key, value }) => JSON.stringify({ ...validBody, authenticationData: { merchantIdentifier: value, [key]: value } })),
  anyText,
  );
};

describe.each(backends)('fuzz every endpoint on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let auth: fc.Arbitrary<string | undefined>;
    let bodyArb: fc.Arbitrary<string>;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 30, b: 10 });
      bodyArb = bodyOf(f.orgA.merchantIds[0] ?? 'm');
      auth = fc.oneof(
        { weight: 6, arbitrary: fc.constant(f.tokens.a) },
        { weight: 1, arbitrary: fc.constantFrom(f.tokens.merchantA, f.tokens.noScope, undefined, 'Bearer nope', 'Bearer') },
      );
    });
    afterAll(async () => f?.close());

    const stored = async () => {
      const [c] = await f.database.db.select({ n: sql<string>`count(*)` }).from(credentials);
      const [k] = await f.database.db.select({ n: sql<string>`count(*)` }).from(idempotencyKeys);
      return `${c?.n}/${k?.n}`;
    };

    let created = 0;
    afterAll(() => {
      // the property is only meaningful if some random bodies got through: the fuzz reached the insert
      if (f) expect(created).toBeGreaterThan(0);
    });

    async function check(method: 'GET' | 'POST', url: string, headers: Record<string, string | undefined>, payload?: string) {
      const clean = Object.fromEntries(Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined));
      const before = method === 'POST' ? await stored() : '';
      const res = await f.app.inject({ method, url, headers: clean, ...(payload === undefined ? {} : { payload }) });
      const context = `${method} ${url} ${JSON.stringify(clean)} ${payload?.slice(0, 200) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, context).toBeLessThan(500);
      if (res.statusCode === 201) created += 1;
      expect(res.headers[requestIdHeader], context).toBeTruthy();
      if (res.statusCode >= 400) {
        expect(String(res.headers['content-type']), context).toContain(problemContentType);
        const problem = res.json<{ status: number; detail: string }>();
        expect(problem.status, context).toBe(res.statusCode);
        expect(problem.detail.length, context).toBeGreaterThan(0);
        if (method === 'POST') expect(await stored(), context).toBe(before);
      }
    }

    const lists = [
      ['/v1/transactions/summaries', Object.keys(summaryQueryShape)],
      ['/v1/events', Object.keys(eventQueryShape)],
      ['/v1/me', ['page']],
      ['/v1/providers', ['page']],
      ['/health/ready', ['x']],
      ['/health/live', ['x']],
    ] as const;

    it.each(lists)('GET %s: random query and headers', async (path, names) => {
      await fc.assert(
        fc.asyncProperty(queryOf([...names]), auth, extraHeaders, async (query, authorization, headers) => check('GET', path + query, { ...headers, authorization })),
        { numRuns: runs },
      );
    });

    it('GET /v1/credentials/{id}: random path segments', async () => {
      const segment = fc.oneof(anyText, fc.constantFrom('%00', '%E0%A4%A', '%2F', '..', 'd4ps1c0000000000cie0').map((s) => ({ raw: s })));
      await fc.assert(
        fc.asyncProperty(segment, queryOf(['x']), auth, async (id, query, authorization) => {
          const path = typeof id === 'string' ? encode(id) : id.raw;
          await check('GET', `/v1/credentials/${path}${query}`, { authorization });
        }),
        { numRuns: runs },
      );
    });

    it('POST /v1/credentials: random bodies, headers and query', async () => {
      await fc.assert(
        fc.asyncProperty(bodyArb, auth, extraHeaders, queryOf(['x', 'merchantId']), async (body, authorization, headers, query) =>
          check('POST', `/v1/credentials${query}`, { 'content-type': 'application/json', ...headers, authorization }, body),
        ),
        { numRuns: runs * 2 },
      );
    });
  });
});
