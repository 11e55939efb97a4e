import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader, totalCountExactHeader, totalCountHeader } from '../../contract/headers.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, type ListFixture } from '../test/list-fixture.ts';

/** A small cap so that the organization's lists are "large": exact at or below it, an estimate above it. */
const cap = 40;

interface Paged {
  ids: string[];
  pages: number;
}

/** Follows rel="next" to the end, checking on every page that an estimate never comes with rel="last". */
async function follow(f: ListFixture, url: string, idOf: (item: Record<string, string>) => string): Promise<Paged> {
  const ids: string[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    const res = await f.app.inject({ url: next, headers: { authorization: f.tokens.a } });
    expect(res.statusCode).toBe(200);
    const links = parseLinkHeader(String(res.headers.link));
    if (res.headers[totalCountExactHeader] === 'false') expect(links.last).toBeUndefined();
    pages += 1;
    // prev is a keyset cursor from the page's first row (lib/keyset.ts)
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

    it('estimates above the cap: X-Total-Count-Exact false, a total above the cap, next but no last link', async () => {
      expect(f.orgA.summaries.length).toBeGreaterThan(cap);
      const res = await get('/v1/transactions/summaries?limit=10');
      expect(res.headers[totalCountExactHeader]).toBe('false');
      expect(Number(res.headers[totalCountHeader])).toBeGreaterThan(cap);
      const links = parseLinkHeader(String(res.headers.link));
      expect(links.first).toContain('page=1');
      expect(links.next).toContain('cursor=');
      expect(links.last).toBeUndefined();
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

    it('is exact at or below the cap, with a last link', async () => {
      const denied = f.orgA.summaries.filter((s) => s.status === 'denied');
      expect(denied.length).toBeLessThanOrEqual(cap);
      const res = await get('/v1/transactions/summaries?status=denied&limit=5');
      expect(res.headers[totalCountExactHeader]).toBe('true');
      expect(res.headers[totalCountHeader]).toBe(String(denied.length));
      const last = Math.max(1, Math.ceil(denied.length / 5));
      expect(parseLinkHeader(String(res.headers.link)).last).toContain(`page=${last}`);
    });

    it('keeps prev and next (never last) on an estimated page past the end', async () => {
      const res = await get('/v1/events?page=500&limit=20');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect(res.headers[totalCountExactHeader]).toBe('false');
      const links = parseLinkHeader(String(res.headers.link));
      expect(links.prev).toContain('page=499');
      expect(links.next).toBeUndefined();
      expect(links.last).toBeUndefined();
    });
  });
});
