import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../contract/problem.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from './test/harness.ts';

const summaries = '/v1/transactions/summaries';

describe.each(backends)('query validation and routing problems on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let auth: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, 'org1', ['m1']);
      auth = await bearer(t.database, 'org1');
    });
    afterAll(async () => t?.close());

    const get = (url: string) => t.app.inject({ url, headers: { authorization: auth } });

    it.each([
      [`${summaries}?page=0`, 'page'],
      [`${summaries}?page=abc`, 'page'],
      [`${summaries}?page=-1`, 'page'],
      [`${summaries}?limit=0`, 'limit'],
      [`${summaries}?limit=101`, 'limit'],
      [`${summaries}?limit=1.5`, 'limit'],
      [`${summaries}?order_by=merchant`, 'order_by'],
      [`${summaries}?order_direction=up`, 'order_direction'],
      [`${summaries}?created_at=2026-13-01`, 'created_at'],
      [`${summaries}?created_at=yesterday`, 'created_at'],
      [`${summaries}?created_at=2026-11-21..2026-11-01`, 'created_at'],
      [`${summaries}?created_at=..`, 'created_at'],
      [`${summaries}?amount=abc`, 'amount'],
      [`${summaries}?amount=10.999`, 'amount'],
      [`${summaries}?amount=-5`, 'amount'],
      [`${summaries}?amount=50..10`, 'amount'],
      [`${summaries}?acquirer=visa`, 'acquirer'],
      [`${summaries}?payment_method=cash`, 'payment_method'],
      [`${summaries}?status=lost`, 'status'],
      [`${summaries}?card_brand=diners`, 'card_brand'],
      [`${summaries}?card_first_digits=12ab`, 'card_first_digits'],
      [`${summaries}?card_first_digits=123456789`, 'card_first_digits'],
      [`${summaries}?card_last_digits=123`, 'card_last_digits'],
      [`${summaries}?acquirer=cielo&acquirer=rede`, 'acquirer'],
      [`${summaries}?foo=1`, 'foo'],
      [`${summaries}?sort=amount`, 'sort'],
      ['/v1/events?order_by=amount', 'order_by'],
      ['/v1/events?event_status=done', 'event_status'],
      ['/v1/events?event_type=PAYMENT', 'event_type'],
      ['/v1/events?created_at=2026-02-30', 'created_at'],
      ['/v1/events?acquirer=cielo', 'acquirer'],
      ['/v1/events?limit=101', 'limit'],
      ['/v1/providers?page=2', 'page'],
      ['/v1/me?x=1', 'x'],
    ])('%s is a 400 naming %s', async (url, parameter) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const problem = res.json<Problem>();
      expect(problem).toMatchObject({ status: 400, title: expect.any(String) as string, type: expect.any(String) as string });
      expect(problem.errors?.map((e) => e.parameter)).toContain(parameter);
      expect(problem.errors?.filter((e) => e.parameter === parameter), 'one clear message per bad parameter').toHaveLength(1);
      expect(problem.detail).toContain(parameter);
    });

    it('names every bad parameter at once', async () => {
      const res = await get(`${summaries}?page=0&limit=101&foo=1&bar=2`);
      expect(res.json<Problem>().errors?.map((e) => e.parameter).sort()).toEqual(['bar', 'foo', 'limit', 'page']);
    });

    it('accepts the documented forms', async () => {
      for (const query of ['amount=150', 'amount=150.5..', 'amount=..99.90', 'created_at=2026-11-21', 'created_at=2026-11-21T10:00:00Z', 'created_at=2026-11-01T00:00:00-03:00..2026-11-08T00:00:00-03:00', 'created_at=..2026-11-21T13:45:12.123456789Z', 'card_first_digits=4', 'page=3&limit=100&order_by=card_last_digits&order_direction=asc']) {
        expect((await get(`${summaries}?${query}`)).statusCode, query).toBe(200);
      }
    });

    it('404 problem for unknown paths, 405 with Allow for a known path and another method', async () => {
      const missing = await get('/v1/nothing');
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/problem+json');
      const html = await t.app.inject({ url: '/v1/nothing', headers: { accept: 'text/html' } });
      expect(html.statusCode).toBe(404);
      expect(html.headers['content-type']).toContain('application/problem+json');
      for (const [method, url, allow] of [
        ['DELETE', '/v1/credentials', 'GET, HEAD, POST'],
        ['POST', summaries, 'GET, HEAD'],
        ['PUT', '/v1/events', 'GET, HEAD'],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: { authorization: auth } });
        expect(res.statusCode, `${method} ${url}`).toBe(405);
        expect(res.headers.allow).toBe(allow);
        expect(res.headers['content-type']).toContain('application/problem+json');
      }
    });
  });
});
