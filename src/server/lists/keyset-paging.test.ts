import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../contract/headers.ts';
import type { Summary } from '../../contract/summaries.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, sortRows, type ListFixture, type StoredSummary } from '../test/list-fixture.ts';

type Params = Record<string, string>;

describe.each(backends)('keyset cursors on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 150, b: 30 });
    });
    afterAll(async () => f?.close());

    const get = async (url: string, auth = f.tokens.a) => {
      const res = await f.app.inject({ url, headers: { authorization: auth } });
      expect(res.statusCode, res.body).toBe(200);
      // events are identified by eventId (their `id` is the transaction's)
      const ids = res.json<{ id: string; eventId?: string }[]>().map((r) => r.eventId ?? r.id);
      return { ids, links: parseLinkHeader(String(res.headers.link)) };
    };

    /** Pages 1, 2, ... by number until one comes back short. */
    const byPage = async (path: string, params: Params, limit: number, auth?: string) => {
      const ids: string[] = [];
      for (let page = 1; page < 500; page += 1) {
        const { ids: got } = await get(`${path}?${new URLSearchParams({ ...params, limit: String(limit), page: String(page) }).toString()}`, auth);
        ids.push(...got);
        if (got.length < limit) break;
      }
      return ids;
    };

    /** Follows rel="next" cursors to the end, then rel="prev" cursors back to the start. */
    const byCursor = async (path: string, params: Params, limit: number, auth?: string) => {
      const pages: string[][] = [];
      let url: string | undefined = `${path}?${new URLSearchParams({ ...params, limit: String(limit) }).toString()}`;
      let last = { ids: [] as string[], links: {} as Record<string, string> };
      while (url && pages.length < 500) {
        last = await get(url, auth);
        pages.push(last.ids);
        if (pages.length > 1) expect(last.links.next ?? last.links.prev).toContain('cursor=');
        url = last.links.next;
      }
      const backwards: string[][] = [last.ids];
      url = last.links.prev;
      while (url && backwards.length < 500) {
        const page = await get(url, auth);
        backwards.unshift(page.ids);
        url = page.links.prev;
      }
      return { forward: pages.flat(), pages, backwards };
    };

    const key = (field: string) => (row: StoredSummary): string | bigint | null =>
      ({
        created_at: row.createdAt.toISOString(),
        amount: row.amountMinor,
        status: row.status,
        acquirer: row.acquirer,
        payment_method: row.paymentMethod,
        card_brand: row.cardBrand,
        card_first_digits: row.cardFirstDigits,
        card_last_digits: row.cardLastDigits,
      })[field] ?? null;

    const cases: { params: Params; filter?: (row: StoredSummary) => boolean }[] = [
      { params: {} },
      { params: { order_by: 'amount', order_direction: 'asc' } },
      { params: { order_by: 'status', order_direction: 'desc' } },
      { params: { order_by: 'acquirer', order_direction: 'asc' } },
      { params: { order_by: 'card_brand', order_direction: 'asc' } },
      { params: { order_by: 'card_brand', order_direction: 'desc' } },
      { params: { order_by: 'card_last_digits', order_direction: 'desc' } },
      { params: { order_by: 'card_first_digits', order_direction: 'asc' } },
      { params: { order_by: 'payment_method', order_direction: 'desc', status: 'approved' }, filter: (r) => r.status === 'approved' },
      { params: { order_by: 'created_at', order_direction: 'asc', payment_method: 'credit_card' }, filter: (r) => r.paymentMethod === 'credit_card' },
    ];

    it.each(cases)('summaries $params: every page by cursor, forward and back, holds exactly the rows of paging by number', async ({ params, filter }) => {
      const field = params.order_by ?? 'created_at';
      const direction = (params.order_direction ?? 'desc') as 'asc' | 'desc';
      const expected = sortRows(f.orgA.summaries.filter(filter ?? (() => true)), key(field), (r) => r.id, direction).map((r) => r.id);
      const limit = 7;
      const paged = await byPage('/v1/transactions/summaries', params, limit);
      const walked = await byCursor('/v1/transactions/summaries', params, limit);
      expect(paged).toEqual(expected);
      expect(walked.forward).toEqual(expected);
      // walking back by rel="prev" from the last page gives the same pages (the first one may start the list short)
      expect(walked.backwards.flat()).toEqual(expected);
      // the orders with few distinct values really have ties across page edges
      if (['status', 'acquirer', 'card_brand', 'payment_method'].includes(field)) expect(new Set(f.orgA.summaries.map(key(field))).size).toBeLessThan(expected.length / limit);
    });

    it('a merchant token pages by cursor through its own merchant only', async () => {
      const merchantId = f.orgA.merchantIds[0] ?? '';
      const walked = await byCursor('/v1/transactions/summaries', { order_by: 'amount' }, 5, f.tokens.merchantA);
      const expected = sortRows(f.orgA.summaries.filter((r) => r.merchantId === merchantId), key('amount'), (r) => r.id, 'desc').map((r) => r.id);
      expect(walked.forward).toEqual(expected);
    });

    it.each<Params>([
      { order_direction: 'desc' },
      { order_direction: 'asc' },
      { order_direction: 'asc', event_status: 'processed' },
    ])('events %o: cursor pages, forward and back, hold exactly the rows of paging by number', async (params) => {
      const filtered = f.orgA.events.filter((e) => !params.event_status || e.eventStatus === params.event_status);
      const expected = sortRows(filtered, (e) => e.createdAtNs, (e) => e.eventId, params.order_direction as 'asc' | 'desc').map((e) => e.eventId);
      expect(expected.length).toBeGreaterThan(20);
      expect(await byPage('/v1/events', params, 9)).toEqual(expected);
      const walked = await byCursor('/v1/events', params, 9);
      expect(walked.forward).toEqual(expected);
      expect(walked.backwards.flat()).toEqual(expected);
    });

    it('credentials (created_at, ties by id) and merchants (name or created_at): cursor pages match pages by number', async () => {
      const merchantId = f.orgA.merchantIds[1] ?? '';
      for (let n = 0; n < 9; n += 1) {
        const res = await f.app.inject({
          method: 'POST',
          url: '/v1/credentials',
          headers: { authorization: f.tokens.a },
          payload: { merchantId, providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: `MID${n}`, terminalIdentifier: `T${n}` } },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      for (const params of [{}, { order_direction: 'asc' }, { merchant_id: merchantId, order_direction: 'asc' }] as Params[]) {
        const paged = await byPage('/v1/credentials', params, 2);
        expect(paged.length).toBeGreaterThanOrEqual(9);
        const walked = await byCursor('/v1/credentials', params, 2);
        expect(walked.forward).toEqual(paged);
        expect(walked.backwards.flat()).toEqual(paged);
      }
      for (const params of [{}, { order_by: 'created_at' }, { order_by: 'name', order_direction: 'desc' }] as Params[]) {
        const paged = await byPage('/v1/merchants', params, 1);
        expect(paged).toHaveLength(f.orgA.merchantIds.length);
        const walked = await byCursor('/v1/merchants', params, 1);
        expect(walked.forward).toEqual(paged);
        expect(walked.backwards.flat()).toEqual(paged);
      }
    });

    const firstNext = async (params: Params) => {
      const { links } = await get(`/v1/transactions/summaries?${new URLSearchParams({ ...params, limit: '5' }).toString()}`);
      return new URL(links.next ?? '', 'http://x').searchParams.get('cursor') ?? '';
    };

    const refused = async (query: string) => {
      const res = await f.app.inject({ url: `/v1/transactions/summaries?${query}`, headers: { authorization: f.tokens.a } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const body = res.json<{ errors: { parameter: string }[] }>();
      expect(body.errors.map((e) => e.parameter)).toEqual(['cursor']);
    };

    it('refuses a cursor that is garbage, altered, or made for another order, filter set or list', async () => {
      const cursor = await firstNext({ status: 'approved' });
      await refused('cursor=not*base64');
      await refused(`cursor=${'A'.repeat(600)}`);
      await refused('cursor=bm90IGpzb24');
      const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
      await refused(`status=approved&cursor=${Buffer.from(JSON.stringify({ ...decoded, v: 'not a timestamp' })).toString('base64url')}`);
      await refused(`status=approved&cursor=${Buffer.from(JSON.stringify({ ...decoded, extra: 1 })).toString('base64url')}`);
      await refused(`status=refunded&cursor=${cursor}`);
      await refused(`cursor=${cursor}`);
      await refused(`status=approved&order_direction=asc&cursor=${cursor}`);
      const events = await f.app.inject({ url: `/v1/events?cursor=${cursor}`, headers: { authorization: f.tokens.a } });
      expect(events.statusCode).toBe(400);
      // the same cursor with its own filters works, whatever the limit
      const ok = await f.app.inject({ url: `/v1/transactions/summaries?status=approved&limit=3&cursor=${cursor}`, headers: { authorization: f.tokens.a } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json<Summary[]>().every((s) => s.status === 'approved')).toBe(true);
    });
  });
});
