import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minorToDecimal } from '../../contract/money.ts';
import type { AnticipationSimulation, Arrangements, Calendar, ReceivableList } from '../../contract/receivables.ts';
import { receivables } from '../db/schema.ts';
import { seedOrganization } from '../seed/seed-organization.ts';
import { backends, bearer, createTestApp, type TestApp } from '../test/harness.ts';
import { backfillReceivables } from './backfill.ts';
import { addDays, saoPauloDate } from './business-calendar.ts';
import { calendar } from './calendar-query.ts';
import { countReceivables, findReceivables } from './query.ts';
import type { Caller } from '../auth/authenticate.ts';
import { ReceivableQuery } from '../../contract/receivables.ts';

const orgA = 'orgrapiaaaaaaaaaaaaa';
const orgB = 'orgrapibbbbbbbbbbbbb';

describe.each(backends)('receivables API on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let merchantIds: string[];
    let tokens: Record<'a' | 'b' | 'merchant' | 'noMargin' | 'none', string>;
    type Row = typeof receivables.$inferSelect;
    let rows: Row[];
    beforeAll(async () => {
      t = await createTestApp(kind);
      const a = await seedOrganization(t.database, { seed: 31, summaries: 300, organizationId: orgA, organizationName: 'A', merchants: 3 });
      await seedOrganization(t.database, { seed: 32, summaries: 60, organizationId: orgB, organizationName: 'B', merchants: 1 });
      await backfillReceivables(t.database.db, { overdueOneIn: 5 });
      merchantIds = a.merchantIds;
      rows = await t.database.db.select().from(receivables).where(eq(receivables.organizationId, orgA));
      tokens = {
        a: await bearer(t.database, orgA),
        b: await bearer(t.database, orgB),
        merchant: await bearer(t.database, orgA, { merchantId: merchantIds[0] ?? null }),
        noMargin: await bearer(t.database, orgA, { scopes: ['receivables:read'] }),
        none: await bearer(t.database, orgA, { scopes: ['transactions:read'] }),
      };
    });
    afterAll(async () => t?.close());
    const get = (url: string, auth: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { authorization: auth, ...headers } });
    const today = saoPauloDate(new Date());
    const money = (list: Row[], f: (r: Row) => bigint) => minorToDecimal(list.reduce((a, r) => a + f(r), 0n));

    it('a caller limited to two of three merchants (a merchant operator) reads the receivables of both and none of the third', async () => {
      const [m0, m1, m2] = merchantIds as [string, string, string];
      const caller: Caller = { tokenId: 'x', organizationId: orgA, organizationName: 'A', merchantIds: [m0, m1], scopes: ['receivables:read'], mode: 'test' };
      const expected = rows.filter((r) => r.merchantId === m0 || r.merchantId === m1);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(rows.length);
      const q = ReceivableQuery.parse({});
      const found = await findReceivables(t.database.db, caller, q, today, null, 100_000);
      expect(found.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
      expect(await countReceivables(t.database.db, caller, q, today)).toBe(expected.length);
      // a filter outside the set: nothing, as for a merchant token naming another merchant
      expect(await findReceivables(t.database.db, caller, ReceivableQuery.parse({ merchant_id: m2 }), today, null, 100)).toEqual([]);
      const from = expected.map((r) => r.dueDate).sort()[0] ?? today;
      const to = addDays(from, 399);
      const inRange = (list: Row[]) => list.filter((r) => r.dueDate >= from && r.dueDate <= to && r.status !== 'cancelled');
      const cal = await calendar(t.database.db, caller, { from, to, group_by: 'day' }, today);
      expect(cal.totals.count).toBe(inRange(expected).length);
      const outside = await calendar(t.database.db, caller, { from, to, group_by: 'day', merchant_id: m2 }, today);
      expect(outside.totals.count).toBe(0);
    });

    it('pages every receivable of the organization in due date order with the cursor, the total counted exactly', async () => {
      const seen: string[] = [];
      let url: string | null = '/v1/receivables?limit=100';
      let total = -1;
      for (let i = 0; url && i < 50; i++) {
        const res = await get(url, tokens.a);
        expect(res.statusCode, res.body).toBe(200);
        total = Number(res.headers['x-total-count']);
        const body = res.json<ReceivableList>();
        seen.push(...body.data.map((r) => `${r.dueDate}|${r.id}`));
        url = body.nextCursor ? `/v1/receivables?limit=100&cursor=${body.nextCursor}` : null;
      }
      expect(total).toBe(rows.length);
      expect(seen).toEqual(rows.map((r) => `${r.dueDate}|${r.id}`).sort());
      // a cursor serves the filters that made it, unchanged: another filter set, an edited one or a made-up one is a 400
      const next = (await get('/v1/receivables?limit=5', tokens.a)).json<ReceivableList>().nextCursor as string;
      expect((await get(`/v1/receivables?limit=5&cursor=${next}`, tokens.a)).statusCode).toBe(200);
      for (const url of [`/v1/receivables?limit=5&acquirer=cielo&cursor=${next}`, `/v1/receivables?limit=5&cursor=${next.slice(0, -2)}`, '/v1/receivables?cursor=eyJkIjoiMjAyNi0wMS0wMSIsImkiOiJ4In0']) {
        const refused = await get(url, tokens.a);
        expect(refused.statusCode, url).toBe(400);
        expect(refused.json<{ errors: { parameter: string }[] }>().errors.map((e) => e.parameter)).toEqual(['cursor']);
      }
    });

    it('filters by acquirer, status (overdue derived from the date) and due date range', async () => {
      const expected = rows.filter((r) => r.acquirer === 'cielo' && r.status === 'scheduled' && r.dueDate < today);
      const res = await get('/v1/receivables?acquirer=cielo&status=overdue&limit=100', tokens.a);
      expect(res.json<ReceivableList>().data.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort().slice(0, 100));
      expect(Number(res.headers['x-total-count'])).toBe(expected.length);
      const range = `${today}..${addDays(today, 30)}`;
      const inRange = rows.filter((r) => r.dueDate >= today && r.dueDate <= addDays(today, 30));
      expect(Number((await get(`/v1/receivables?due_date=${range}`, tokens.a)).headers['x-total-count'])).toBe(inRange.length);
      const bad = await get('/v1/receivables?due_date=2026-13-01', tokens.a);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('due_date');
    });

    it('shows a merchant token its own receivables only, without the platform’s cost; other organizations none', async () => {
      const own = rows.filter((r) => r.merchantId === merchantIds[0]);
      const res = await get('/v1/receivables?limit=100', tokens.merchant);
      expect(Number(res.headers['x-total-count'])).toBe(own.length);
      const data = res.json<ReceivableList>().data;
      expect(data.every((r) => r.merchantId === merchantIds[0] && r.costFee === undefined)).toBe(true);
      // asking for another merchant gives nothing
      expect(Number((await get(`/v1/receivables?merchant_id=${merchantIds[1]}`, tokens.merchant)).headers['x-total-count'])).toBe(0);
      const other = (await get('/v1/receivables?limit=100', tokens.b)).json<ReceivableList>().data;
      expect(other.every((r) => !merchantIds.includes(r.merchantId))).toBe(true);
      expect((await get('/v1/receivables', tokens.none)).statusCode).toBe(403);
      expect((await get('/v1/receivables/margin', tokens.merchant)).statusCode).toBe(403);
      expect((await get('/v1/receivables/margin', tokens.noMargin)).statusCode).toBe(403);
    });

    it('totals the calendar per day and per unit to the cent, as the receivables add up', async () => {
      const from = addDays(today, -60);
      const to = addDays(today, 90);
      const res = await get(`/v1/receivables/calendar?from=${from}&to=${to}`, tokens.a);
      expect(res.statusCode, res.body).toBe(200);
      const cal = res.json<Calendar>();
      const live = rows.filter((r) => r.status !== 'cancelled' && r.dueDate >= from && r.dueDate <= to);
      expect(cal.totals).toMatchObject({ count: live.length, gross: money(live, (r) => r.grossMinor), fee: money(live, (r) => r.feeMinor), net: money(live, (r) => r.netMinor) });
      expect(cal.totals.margin).toBe(minorToDecimal(live.reduce((a, r) => a + r.feeMinor - r.costFeeMinor, 0n)));
      for (const day of cal.data) {
        const those = live.filter((r) => r.dueDate === day.dueDate);
        expect([day.count, day.net]).toEqual([those.length, money(those, (r) => r.netMinor)]);
      }
      const overdue = rows.filter((r) => r.status === 'scheduled' && r.dueDate < today);
      expect(cal.summary.overdue.net).toBe(money(overdue, (r) => r.netMinor));
      const units = (await get(`/v1/receivables/calendar?from=${from}&to=${to}&group_by=unit`, tokens.merchant)).json<Calendar>();
      const own = live.filter((r) => r.merchantId === merchantIds[0]);
      expect(units.data.reduce((a, u) => a + u.count, 0)).toBe(own.length);
      expect(units.data.every((u) => u.unitKey?.endsWith(u.dueDate) && u.costFee === undefined)).toBe(true);
    });

    it('sums each arrangement and acquirer of a range, with its units, largest net first; 400 on a reversed range', async () => {
      const from = addDays(today, -60);
      const to = addDays(today, 90);
      const res = await get(`/v1/receivables/arrangements?from=${from}&to=${to}`, tokens.a);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Arrangements>();
      const live = rows.filter((r) => r.status !== 'cancelled' && r.dueDate >= from && r.dueDate <= to);
      const keys = [...new Set(live.map((r) => `${r.brand}|${r.product}|${r.acquirer}`))];
      expect(body.data.map((a) => `${a.brand}|${a.product}|${a.acquirer}`).sort()).toEqual(keys.sort());
      for (const a of body.data) {
        const those = live.filter((r) => r.brand === a.brand && r.product === a.product && r.acquirer === a.acquirer);
        const units = new Set(those.map((r) => `${r.receiverTaxId}|${r.dueDate}`)).size;
        expect(a).toMatchObject({ units, count: those.length, gross: money(those, (r) => r.grossMinor), fee: money(those, (r) => r.feeMinor), net: money(those, (r) => r.netMinor) });
        expect(a.margin).toBe(minorToDecimal(those.reduce((x, r) => x + r.feeMinor - r.costFeeMinor, 0n)));
      }
      const nets = body.data.map((a) => Number(a.net.replace('.', '')));
      expect(nets).toEqual([...nets].sort((x, y) => y - x));
      expect(body.totals).toMatchObject({ count: live.length, net: money(live, (r) => r.netMinor) });
      const own = (await get(`/v1/receivables/arrangements?from=${from}&to=${to}`, tokens.merchant)).json<Arrangements>();
      expect(own.totals.count).toBe(live.filter((r) => r.merchantId === merchantIds[0]).length);
      expect(own.data.every((a) => a.costFee === undefined)).toBe(true);
      const reversed = await get(`/v1/receivables/arrangements?from=${to}&to=${from}`, tokens.a);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.body).toContain('"to"');
    });

    it('simulates anticipation of open units: net less the monthly rate prorated by days, nothing booked', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/receivables/anticipation/simulate', headers: { authorization: tokens.merchant }, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      const sim = res.json<AnticipationSimulation>();
      expect(sim.monthlyRate).toBe('1.99');
      const open = rows.filter((r) => r.merchantId === merchantIds[0] && r.status === 'scheduled' && r.dueDate > today);
      expect(sim.net).toBe(money(open, (r) => r.netMinor));
      for (const u of sim.units) {
        // fee within half a cent of net × 1.99 % × days / 30
        const net = BigInt(u.net.replace('.', '').replace('-', '')) * (u.net.startsWith('-') ? -1n : 1n);
        const fee = BigInt(u.anticipationFee.replace('.', ''));
        if (net > 0n) expect(Math.abs(Number(fee * 300_000n - net * 199n * BigInt(u.days)))).toBeLessThanOrEqual(150_000);
        expect(u.days).toBeGreaterThan(0);
      }
      const after = await t.database.db.select().from(receivables).where(eq(receivables.organizationId, orgA));
      expect(after.length).toBe(rows.length);
      expect((await t.app.inject({ method: 'POST', url: '/v1/receivables/anticipation/simulate', headers: { authorization: tokens.a }, payload: {} })).statusCode).toBe(400);
    });

    it('exports the filtered receivables as CSV', async () => {
      const res = await get('/v1/receivables?acquirer=rede', tokens.a, { accept: 'text/csv' });
      expect(res.statusCode).toBe(200);
      const lines = res.body.trim().split('\n');
      expect(lines[0]).toContain('unit_key');
      expect(lines.length - 1).toBe(rows.filter((r) => r.acquirer === 'rede').length);
    });
  });
});
