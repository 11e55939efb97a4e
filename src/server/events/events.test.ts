import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events.ts';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, sortRows, walk, type EventRecord, type ListFixture } from '../test/list-fixture.ts';

const path = '/v1/events';
type Params = Record<string, string>;

function matches(row: EventRecord, params: Params): boolean {
  const created = params.created_at === undefined ? null : parseCreatedAtFilter(params.created_at);
  return (
    (params.event_status === undefined || row.eventStatus === params.event_status) &&
    (params.event_type === undefined || row.eventType === params.event_type) &&
    (created === null || ((created.fromNs === null || row.createdAtNs >= created.fromNs) && (created.toNs === null || row.createdAtNs < created.toNs)))
  );
}

const eventIds = (items: Event[]) => items.map((e) => e.eventId);

describe.each(backends)('GET /v1/events on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let rows: EventRecord[];
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 240, b: 80 });
      rows = f.orgA.events;
    });
    afterAll(async () => f?.close());

    const expected = (params: Params, direction: 'asc' | 'desc' = 'desc') =>
      sortRows(rows.filter((r) => matches(r, params)), (r) => r.createdAtNs, (r) => r.eventId, direction).map((r) => r.eventId);

    it.each(['asc', 'desc'] as const)('orders by created_at %s (nanoseconds), ties broken by eventId', async (direction) => {
      const all = await walk<Event>(f.app, f.tokens.a, path, { order_by: 'created_at', order_direction: direction });
      expect(eventIds(all.items)).toEqual(expected({}, direction));
      expect(all.total).toBe(rows.length);
    });

    it('returns createdAt exactly as stored and the amount as integer minor units', async () => {
      const res = await f.app.inject({ url: `${path}?limit=100`, headers: { authorization: f.tokens.a } });
      for (const item of res.json<Event[]>()) {
        const row = rows.find((r) => r.eventId === item.eventId);
        expect(item.createdAt).toBe(row?.createdAtText);
        expect(item.amount).toBe(Number(row?.amount));
        expect(Number.isInteger(item.amount)).toBe(true);
        expect(item.id).toBe(row?.id);
      }
    });

    it('filters by event_status, event_type and created_at, paging through every match once', async () => {
      const some = rows[Math.floor(rows.length / 3)];
      if (!some) throw new Error('no events');
      const day = some.createdAtText.slice(0, 10);
      const cases: Params[] = [
        { event_status: 'pending' },
        { event_status: 'failed' },
        { event_status: 'processed' },
        { event_type: 'payment.completed' },
        { event_type: 'payment.refunded' },
        { created_at: day },
        { created_at: some.createdAtText },
        { created_at: `${day}T00:00:00-03:00..${day}T15:00:00-03:00` },
        { created_at: `..${day}` },
        { event_status: 'processed', created_at: `${day}..`, order_direction: 'asc' },
      ];
      for (const params of cases) {
        const got = await walk<Event>(f.app, f.tokens.a, path, params, 30);
        expect(eventIds(got.items), JSON.stringify(params)).toEqual(expected(params, (params.order_direction as 'asc' | undefined) ?? 'desc'));
        expect(new Set(eventIds(got.items)).size).toBe(got.items.length);
      }
      const exact = await walk<Event>(f.app, f.tokens.a, path, { created_at: some.createdAtText });
      expect(exact.items.map((e) => e.eventId)).toContain(some.eventId);
    });

    it('keeps nanosecond precision in the created_at filter', async () => {
      const some = rows[5];
      if (!some) throw new Error('no events');
      const next = some.createdAtNs + 1n;
      const seconds = next / 1_000_000_000n;
      const fraction = (next % 1_000_000_000n).toString().padStart(9, '0');
      const iso = `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
      const got = await walk<Event>(f.app, f.tokens.a, path, { created_at: `${iso}..` });
      expect(eventIds(got.items)).not.toContain(some.eventId);
      expect(eventIds(got.items)).toEqual(expected({ created_at: `${iso}..` }));
    });
  });
});
