import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader, totalCountExactHeader, totalCountHeader } from '../../contract/headers.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, sortRows, type ListFixture, type StoredSummary } from '../test/list-fixture.ts';

/** A small cap so that the organization's lists are "large": exact at or below it, an estimate above it. */
const cap = 40;

interface Paged {
  ids: string[];
  pages: number;
}

const endCursorLink = (link: string | undefined): boolean => {
  const params = new URL(link ?? '', 'http://x').searchParams;
  return params.has('cursor') && !params.has('page');
};

/** Follows rel="next" to the end, checking on every page that an estimate's rel="last" is the end cursor, never a page number. */
async function follow(f: ListFixture, url: string, idOf: (item: Record<string, string>) => string): Promise<Paged> {
  const ids: string[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const res = await f.app.inject({ url: next, headers: { authorization: f.tokens.a } });
    expect(res.statusCode).toBe(200);
    const links = parseLinkHeader(String(res.headers.link));
    if (res.headers[totalCountExactHeader] === 'false') expect(endCursorLink(links.last)).toBe(true);
    pages += 1;
    // prev is a keyset cursor from the page's first row (lists/keyset.ts)
    if (pages > 1) expect(links.prev).toContain('cursor=');
    ids.push(...res.json<Record<string, string>[]>().map(idOf));
    next = links.next;
    expect(pages).toBeLessThan(100);
  }
  return { ids, pages };
}

describe.each(backends)('X-Total-Count semantics on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 120, b: 30 }, cap);
    });
    afterAll(async () => f?.close());

    const get = (url: string) => f.app.inject({ url, headers: { authorization: f.tokens.a } });

    it('estimates above the cap: X-Total-Count-Exact false, a total above the cap, next, and last as a cursor (no page number)', async () => {
      expect(f.orgA.summaries.length).toBeGreaterThan(cap);
      const res = await get('/v1/transactions/summaries?limit=10');
      expect(res.headers[totalCountExactHeader]).toBe('false');
      expect(Number(res.headers[totalCountHeader])).toBeGreaterThan(cap);
      const links = parseLinkHeader(String(res.headers.link));
      expect(links.first).toContain('page=1');
      expect(links.next).toContain('cursor=');
      expect(endCursorLink(links.last)).toBe(true);
      expect(links.prev).toBeUndefined();
    });

    it('still pages through every record once when the total is an estimate; the last page has no next', async () => {
      const all = await follow(f, '/v1/transactions/summaries?limit=25&order_by=amount', (s) => s.id ?? '');
      expect(all.ids.length).toBe(f.orgA.summaries.length);
      expect(new Set(all.ids).size).toBe(all.ids.length);
      expect(all.pages).toBe(Math.ceil(f.orgA.summaries.length / 25));
      const events = await follow(f, '/v1/events?limit=50', (e) => e.eventId ?? '');
      expect(events.ids.sort()).toEqual(f.orgA.events.map((e) => e.eventId).sort());
    });

    /** Opens rel="last" of page 1, then follows rel="prev" back to the start: the pages, last one first. */
    const fromTheEnd = async (url: string, idOf: (item: Record<string, string>) => string) => {
      const first = await get(url);
      expect(first.headers[totalCountExactHeader]).toBe('false');
      let link = parseLinkHeader(String(first.headers.link)).last;
      const pages: string[][] = [];
      while (link && pages.length < 100) {
        const res = await get(link);
        expect(res.statusCode, res.body).toBe(200);
        const links = parseLinkHeader(String(res.headers.link));
        // the end has no next; every page still offers the way to the end
        if (pages.length === 0) expect(links.next).toBeUndefined();
        expect(endCursorLink(links.last)).toBe(true);
        pages.unshift(res.json<Record<string, string>[]>().map(idOf));
        link = links.prev;
      }
      return pages;
    };

    const summaryKeys: Record<string, (s: StoredSummary) => string | bigint | null> = {
      created_at: (s) => s.createdAt.toISOString(),
      amount: (s) => s.amountMinor,
      card_brand: (s) => s.cardBrand,
    };

    it.each([{ order_by: 'created_at', order_direction: 'desc' }, { order_by: 'amount', order_direction: 'asc' }, { order_by: 'card_brand', order_direction: 'asc' }, { order_by: 'card_brand', order_direction: 'desc' }] as const)(
      'with an estimate, rel="last" of summaries %o opens the true last rows, and prev walks back to the first',
      async ({ order_by, order_direction }) => {
        const expected = sortRows(f.orgA.summaries, summaryKeys[order_by] ?? (() => null), (s) => s.id, order_direction).map((s) => s.id);
        const pages = await fromTheEnd(`/v1/transactions/summaries?limit=7&order_by=${order_by}&order_direction=${order_direction}`, (s) => s.id ?? '');
        expect(pages.at(-1)).toEqual(expected.slice(-7));
        expect(pages.flat()).toEqual(expected);
      },
    );

    it('with an estimate, rel="last" of events opens the oldest events, in the list order', async () => {
      const expected = sortRows(f.orgA.events, (e) => e.createdAtNs, (e) => e.eventId, 'desc').map((e) => e.eventId);
      const pages = await fromTheEnd('/v1/events?limit=20', (e) => e.eventId ?? '');
      expect(pages.at(-1)).toEqual(expected.slice(-20));
      expect(pages.flat()).toEqual(expected);
    });

    it('refuses an end cursor made for another order', async () => {
      const last = parseLinkHeader(String((await get('/v1/events?limit=20')).headers.link)).last ?? '';
      const res = await get(last.replace('limit=20', 'limit=20&order_direction=asc'));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ errors: { parameter: string }[] }>().errors.map((e) => e.parameter)).toEqual(['cursor']);
    });

    it('is exact at or below the cap, with a last link', async () => {
      const denied = f.orgA.summaries.filter((s) => s.status === 'denied');
      expect(denied.length).toBeLessThanOrEqual(cap);
      const res = await get('/v1/transactions/summaries?status=denied&limit=5');
      expect(res.headers[totalCountExactHeader]).toBe('true');
      expect(res.headers[totalCountHeader]).toBe(String(denied.length));
      const last = Math.max(1, Math.ceil(denied.length / 5));
      expect(parseLinkHeader(String(res.headers.link)).last).toContain(`page=${last}`);
    });

    it('keeps prev by number and last by cursor on an estimated page past the end', async () => {
      const res = await get('/v1/events?page=500&limit=20');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[totalCountExactHeader]).toBe('false');
      const links = parseLinkHeader(String(res.headers.link));
      expect(links.prev).toContain('page=499');
      expect(links.next).toBeUndefined();
      expect(endCursorLink(links.last)).toBe(true);
    });
  });
});
