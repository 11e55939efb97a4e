import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events.ts';
import type { Summary } from '../../contract/summaries.ts';
import { cycles, merchants } from '../db/schema.ts';
import { backends } from '../test/harness.ts';
import { createListFixture, walk, type ListFixture } from '../test/list-fixture.ts';

type CycleRecord = typeof cycles.$inferSelect;

/** q, merchant_id, summary_id and the single-item routes, checked against the seeded rows themselves. */
describe.each(backends)('lookups on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let cyclesA: CycleRecord[];
    let cyclesB: CycleRecord[];
    let names: Map<string, string>;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 200, b: 60 });
      const load = (ids: string[]) => f.database.db.select().from(cycles).where(inArray(cycles.summaryId, ids));
      cyclesA = await load(f.orgA.summaries.map((s) => s.id));
      cyclesB = await load(f.orgB.summaries.map((s) => s.id));
      names = new Map((await f.database.db.select().from(merchants)).map((m) => [m.id, m.name]));
    });
    afterAll(async () => f?.close());

    const get = (url: string, token = f.tokens.a) => f.app.inject({ url, headers: { authorization: token } });

    /** A numeric identifier (RRN, STAN/NSU, authorization code) stored as `stored` is the one searched: the same number, leading zeros or not. */
    const sameNumber = (stored: string | null, q: string) => stored !== null && (stored === q || (/^\d+$/.test(stored) && /^\d+$/.test(q) && BigInt(stored) === BigInt(q)));
    /** Summaries of org A an identifier names, computed from the rows (not through the query under test). */
    const summariesNamed = (q: string) => {
      const viaCycles = new Set(
        cyclesA
          .filter((c) => c.gatewayTransactionId === q || [c.retrievalReferenceNumber, c.systemTraceAuditNumber, c.authorizationCode].some((v) => sameNumber(v, q)))
          .map((c) => c.summaryId),
      );
      return f.orgA.summaries.filter((s) => s.id === q || s.gatewayTransactionId === q || viaCycles.has(s.id));
    };

    it('GET /v1/transactions/summaries/{id} returns the summary, its cycles, merchant name and the MID/TID of its events', async () => {
      const withEvent = f.orgA.events.find((e) => f.orgA.summaries.some((s) => s.id === e.id));
      const row = f.orgA.summaries.find((s) => s.id === withEvent?.id);
      if (!row || !withEvent) throw new Error('fixture has no summary with an event');
      const res = await get(`/v1/transactions/summaries/${row.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Summary>();
      expect(body.id).toBe(row.id);
      expect(body.merchantId).toBe(row.merchantId);
      expect(body.merchantName).toBe(names.get(row.merchantId));
      expect(body.acquirerMerchantId).toBe(withEvent.acquirerMerchantIdentifier);
      expect(body.acquirerTerminalId).toBe(withEvent.acquirerTerminalIdentifier);
      const own = cyclesA.filter((c) => c.summaryId === row.id).sort((x, y) => x.seq - y.seq);
      expect(body.cycles.map((c) => c.id)).toEqual(own.map((c) => c.id));
    });

    it('answers 404 problem for another organization\u2019s summary, another merchant\u2019s for a merchant token, and unknown ids', async () => {
      const foreign = f.orgB.summaries[0];
      const otherMerchant = f.orgA.summaries.find((s) => s.merchantId !== f.orgA.merchantIds[0]);
      if (!foreign || !otherMerchant) throw new Error('fixture too small');
      for (const [url, token] of [
        [`/v1/transactions/summaries/${foreign.id}`, f.tokens.a],
        [`/v1/transactions/summaries/${otherMerchant.id}`, f.tokens.merchantA],
        ['/v1/transactions/summaries/00000000000000000000', f.tokens.a],
      ] as const) {
        const res = await get(url, token);
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.body).not.toContain(foreign.gatewayTransactionId);
        expect(res.body).not.toContain(otherMerchant.gatewayTransactionId);
      }
      expect((await get(`/v1/transactions/summaries/${foreign.id}`, f.tokens.b)).statusCode).toBe(200);
    });

    it('GET /v1/events/{eventId} returns the event; another organization\u2019s or merchant\u2019s is 404', async () => {
      const own = f.orgA.events[0];
      const foreign = f.orgB.events[0];
      const otherMerchant = f.orgA.events.find((e) => e.merchantId !== f.orgA.merchantIds[0]);
      if (!own || !foreign || !otherMerchant) throw new Error('fixture too small');
      const res = await get(`/v1/events/${own.eventId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Event>()).toMatchObject({ eventId: own.eventId, id: own.id, createdAt: own.createdAtText });
      expect((await get(`/v1/events/${foreign.eventId}`)).statusCode).toBe(404);
      expect((await get(`/v1/events/${otherMerchant.eventId}`, f.tokens.merchantA)).statusCode).toBe(404);
      expect((await get(`/v1/events/${foreign.eventId}`, f.tokens.b)).statusCode).toBe(200);
    });

    it('q on summaries matches every kind of identifier exactly, and never another organization\u2019s', async () => {
      const s = f.orgA.summaries[7];
      const approved = cyclesA.find((c) => c.authorizationCode !== null && c.retrievalReferenceNumber !== null);
      const foreign = cyclesB.find((c) => c.retrievalReferenceNumber !== null);
      if (!s || !approved || !foreign) throw new Error('fixture too small');
      const identifiers = [
        s.id,
        s.gatewayTransactionId,
        approved.gatewayTransactionId,
        approved.retrievalReferenceNumber ?? '',
        approved.systemTraceAuditNumber ?? '',
        approved.authorizationCode ?? '',
        foreign.retrievalReferenceNumber ?? '',
        (approved.retrievalReferenceNumber ?? '').slice(0, 6),
      ];
      for (const q of identifiers) {
        const all = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { q });
        expect(all.items.map((i) => i.id).sort(), q).toEqual(summariesNamed(q).map((r) => r.id).sort());
      }
      expect(summariesNamed(approved.retrievalReferenceNumber ?? '').length).toBeGreaterThan(0);
      expect(summariesNamed(foreign.retrievalReferenceNumber ?? '')).toEqual([]);
    });

    it('q forgives a number read without its leading zeros or in groups with spaces, on both lists', async () => {
      const padded = cyclesA.find((c) => /^00\d+$/.test(c.systemTraceAuditNumber ?? ''));
      const rrn = cyclesA.find((c) => c.retrievalReferenceNumber !== null)?.retrievalReferenceNumber ?? '';
      if (!padded?.systemTraceAuditNumber || rrn === '') throw new Error('fixture has no zero-padded NSU or no RRN');
      const nsu = padded.systemTraceAuditNumber.replace(/^0+/, '');
      const grouped = rrn.replace(/(\d{4})(?=\d)/g, '$1 ');
      for (const [q, as] of [[nsu, padded.systemTraceAuditNumber], [grouped, rrn]] as const) {
        const found = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { q });
        const exact = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { q: as });
        expect(found.items.map((i) => i.id).sort(), q).toEqual(exact.items.map((i) => i.id).sort());
        expect(found.items.map((i) => i.id)).toContain(padded.systemTraceAuditNumber === as ? padded.summaryId : found.items[0]?.id);
        expect(found.total).toBeGreaterThan(0);
      }
      const event = f.orgA.events.find((e) => e.retrievalReferenceNumber !== null);
      if (!event?.retrievalReferenceNumber) throw new Error('fixture has no event with an RRN');
      const spaced = event.retrievalReferenceNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
      const events = await walk<Event>(f.app, f.tokens.a, '/v1/events', { q: spaced });
      expect(events.items.map((i) => i.eventId)).toContain(event.eventId);
    });

    it('q combines with filters, order and paging', async () => {
      // the STAN shared by the most cycles of org A, so the filter and the one-row pages have something to cut
      const counts = new Map<string, number>();
      for (const c of cyclesA) if (c.systemTraceAuditNumber) counts.set(c.systemTraceAuditNumber, (counts.get(c.systemTraceAuditNumber) ?? 0) + 1);
      const [q] = [...counts.entries()].sort((x, y) => y[1] - x[1])[0] ?? [''];
      const named = summariesNamed(q);
      const status = named[0]?.status ?? 'approved';
      const res = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { q, status, order_by: 'amount', order_direction: 'asc' }, 1);
      const expected = named.filter((r) => r.status === status).sort((x, y) => Number(x.amountMinor - y.amountMinor) || (x.id < y.id ? -1 : 1));
      expect(res.items.map((i) => i.id)).toEqual(expected.map((r) => r.id));
      const merchantToken = await walk<Summary>(f.app, f.tokens.merchantA, '/v1/transactions/summaries', { q });
      expect(merchantToken.items.map((i) => i.id).sort()).toEqual(named.filter((r) => r.merchantId === f.orgA.merchantIds[0]).map((r) => r.id).sort());
    });

    it('merchant_id filters both lists; summary_id lists a transaction\u2019s events', async () => {
      const merchantId = f.orgA.merchantIds[1] ?? '';
      const summaries = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { merchant_id: merchantId });
      expect(summaries.items.map((i) => i.id).sort()).toEqual(f.orgA.summaries.filter((s) => s.merchantId === merchantId).map((s) => s.id).sort());
      expect(summaries.items.every((i) => i.merchantName === names.get(merchantId))).toBe(true);
      const events = await walk<Event>(f.app, f.tokens.a, '/v1/events', { merchant_id: merchantId });
      expect(events.items.map((i) => i.eventId).sort()).toEqual(f.orgA.events.filter((e) => e.merchantId === merchantId).map((e) => e.eventId).sort());
      const foreignMerchant = f.orgB.merchantIds[0] ?? '';
      expect((await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { merchant_id: foreignMerchant })).total).toBe(0);
      const twice = f.orgA.events.find((e) => f.orgA.events.filter((o) => o.id === e.id).length > 1);
      if (!twice) throw new Error('fixture has no summary with two events');
      const ofSummary = await walk<Event>(f.app, f.tokens.a, '/v1/events', { summary_id: twice.id });
      expect(ofSummary.items.map((i) => i.eventId).sort()).toEqual(f.orgA.events.filter((e) => e.id === twice.id).map((e) => e.eventId).sort());
    });

    it('q on events matches the eventId, the transaction id, the RRN and the authorization code', async () => {
      const e = f.orgA.events.find((x) => x.retrievalReferenceNumber !== null && x.authorizationCode !== null);
      const foreign = f.orgB.events[0];
      if (!e || !foreign) throw new Error('fixture too small');
      for (const q of [e.eventId, e.id, e.retrievalReferenceNumber ?? '', e.authorizationCode ?? '', foreign.eventId, foreign.id]) {
        const expected = f.orgA.events.filter((x) => [x.eventId, x.id].includes(q) || sameNumber(x.retrievalReferenceNumber, q) || sameNumber(x.authorizationCode, q));
        const got = await walk<Event>(f.app, f.tokens.a, '/v1/events', { q });
        expect(got.items.map((i) => i.eventId).sort(), q).toEqual(expected.map((x) => x.eventId).sort());
      }
    });

    it('rejects a q with spaces or too long, and a malformed merchant_id or summary_id, naming the parameter', async () => {
      for (const url of [
        '/v1/transactions/summaries?q=a%20b',
        `/v1/transactions/summaries?q=${'x'.repeat(65)}`,
        '/v1/transactions/summaries?merchant_id=a%2Fb',
        '/v1/events?summary_id=nope',
        '/v1/events?q=',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        const name = new URL(url, 'http://x').searchParams.keys().next().value ?? '';
        expect(res.body).toContain(name);
      }
    });
  });
});
