import type { Problem } from '../../contract/problem.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerNames, cardBrands, paymentMethods, summaryStatuses } from '../../contract/enums.ts';
import { decimalToMinor, minorToDecimal } from '../../contract/money.ts';
import type { Stats } from '../../contract/stats.ts';
import type { Summary } from '../../contract/summaries.ts';
import { transactionSummaries } from '../db/schema.ts';
import { backends, bearer, insertOrganization } from '../test/harness.ts';
import { createListFixture, walk, type ListFixture } from '../test/list-fixture.ts';
import { seedOrganization } from '../seed/seed-organization.ts';

const HOUR = 3_600_000;

async function stats(f: ListFixture, auth: string, params: Record<string, string>): Promise<Stats> {
  const res = await f.app.inject({ url: `/v1/transactions/stats?${new URLSearchParams(params).toString()}`, headers: { authorization: auth } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Per-status count and minor-unit sum of list items, computed here from the list's own JSON. */
function tallyList(items: Summary[]) {
  const byStatus = new Map<string, { count: number; minor: bigint }>(summaryStatuses.map((s) => [s, { count: 0, minor: 0n }]));
  for (const item of items) {
    const e = byStatus.get(item.status);
    if (!e) throw new Error(`unknown status ${item.status}`);
    e.count += 1;
    e.minor += decimalToMinor(item.amount);
  }
  return byStatus;
}

/**
 * What a sale captured and refunded, from its cycles in the list's JSON (the approved captures and refunds), and
 * whether its status says so: refunded when the refunds reach the capture, partially_refunded below it.
 */
function refundsOf(item: Summary) {
  const approved = (type: string) => item.cycles.filter((c) => c.type === type && c.status === 'approved').reduce((t, c) => t + decimalToMinor(c.amount), 0n);
  const captured = approved('capture');
  const refunded = approved('refund');
  if (item.status === 'refunded') expect(refunded).toBe(captured);
  if (item.status === 'partially_refunded') expect(refunded > 0n && refunded < captured).toBe(true);
  expect(item.capturedAmount).toBe(minorToDecimal(captured));
  expect(item.refundedAmount).toBe(minorToDecimal(refunded));
  return { captured, refunded };
}

/** Gross volume, refunds and net of list items, walked here: captured sales' captures, refunded sales' refunds. */
function refundTotals(items: Summary[]) {
  const captured = { count: 0, minor: 0n };
  const refunds = { count: 0, minor: 0n };
  for (const item of items) {
    const sums = refundsOf(item);
    if (['approved', 'partially_refunded', 'refunded'].includes(item.status)) {
      captured.count += 1;
      captured.minor += sums.captured;
    }
    if (item.status === 'partially_refunded' || item.status === 'refunded') {
      refunds.count += 1;
      refunds.minor += sums.refunded;
    }
  }
  return {
    captured: { count: captured.count, amount: minorToDecimal(captured.minor) },
    refunds: { count: refunds.count, amount: minorToDecimal(refunds.minor) },
    netAmount: minorToDecimal(captured.minor - refunds.minor),
  };
}

const sumMinor = (items: { amount: string }[]) => items.reduce((t, i) => t + decimalToMinor(i.amount), 0n);
const sumCount = (items: { count: number }[]) => items.reduce((t, i) => t + i.count, 0);

function expectConsistent(s: Stats): void {
  for (const part of [s.series, s.byAcquirer, s.byCardBrand, s.byPaymentMethod]) {
    expect(sumCount(part)).toBe(s.totals.count);
    expect(minorToDecimal(sumMinor(part))).toBe(s.totals.amount);
  }
}

describe.each(backends)('GET /v1/transactions/stats on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let span: [number, number];
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 300, b: 40 });
      const times = f.orgA.summaries.map((s) => s.createdAt.getTime());
      span = [Math.min(...times), Math.max(...times) + 1];
    });
    afterAll(async () => f?.close());

    const filters = () =>
      fc.record(
        {
          status: fc.constantFrom(...summaryStatuses),
          acquirer: fc.constantFrom(...providerNames),
          payment_method: fc.constantFrom(...paymentMethods),
          card_brand: fc.constantFrom(...cardBrands),
          amount: fc.constantFrom('..150', '50..', '10.50..400'),
          // instants inside the data, on and off hour boundaries, so the rollup's edges are exercised
          created_at: fc
            .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean())
            .map(([x, y, whole]) => {
              const [lo, hi] = [Math.min(x, y), Math.max(x, y)];
              const at = (t: number) => {
                const ms = Math.round(span[0] + t * (span[1] - span[0]));
                return new Date(whole ? Math.floor(ms / HOUR) * HOUR : ms).toISOString();
              };
              return `${at(lo)}..${at(hi) === at(lo) ? new Date(Date.parse(at(lo)) + HOUR).toISOString() : at(hi)}`;
            }),
        },
        { requiredKeys: [] },
      );

    it('totals equal walking the list, to the cent, for random filters and both token kinds', async () => {
      await fc.assert(
        fc.asyncProperty(filters(), fc.boolean(), fc.constantFrom('hour', 'day', 'week'), async (params, merchant, bucket) => {
          const auth = merchant ? f.tokens.merchantA : f.tokens.a;
          const query = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>;
          const [s, listed] = await Promise.all([stats(f, auth, { ...query, bucket, tz: 'America/Sao_Paulo' }), walk<Summary>(f.app, auth, '/v1/transactions/summaries', query)]);
          const expected = tallyList(listed.items);
          expect(s.totals.count).toBe(listed.items.length);
          expect(s.totals.amount).toBe(minorToDecimal(sumMinor(listed.items)));
          for (const status of summaryStatuses) {
            expect(s.totals.byStatus[status]).toEqual({ count: expected.get(status)?.count, amount: minorToDecimal(expected.get(status)?.minor ?? 0n) });
          }
          const walked = refundTotals(listed.items);
          expect({ captured: s.totals.captured, refunds: s.totals.refunds, netAmount: s.totals.netAmount }).toEqual(walked);
          expectConsistent(s);
        }),
        { numRuns: 20 },
      );
    });

    it('tells partial refunds from full ones: the fixture has both, and their refunds are their own amounts', async () => {
      const all = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', {});
      const partial = all.items.filter((i) => i.status === 'partially_refunded');
      const full = all.items.filter((i) => i.status === 'refunded');
      expect(partial.length).toBeGreaterThan(0);
      expect(full.length).toBeGreaterThan(0);
      const s = await stats(f, f.tokens.a, {});
      expect(s.totals.byStatus.partially_refunded.count).toBe(partial.length);
      // a partial refund is less than its sale: the refunds total is below the refunded sales' amounts
      expect(decimalToMinor(s.totals.refunds.amount)).toBeLessThan(sumMinor([...partial, ...full]));
      expect(s.totals).toMatchObject(refundTotals(all.items));
    });

    it('answers the same from the hourly rollup as from the rows (a filter the rollup lacks forces the rows)', async () => {
      const lo = new Date(Math.floor(span[0] / HOUR) * HOUR + 7 * HOUR + 1234).toISOString();
      const hi = new Date(span[1] - 5 * HOUR - 777).toISOString();
      for (const tz of ['UTC', 'America/Sao_Paulo', 'Asia/Kolkata']) {
        const viaRollup = await stats(f, f.tokens.a, { created_at: `${lo}..${hi}`, tz, bucket: 'day' });
        const viaRows = await stats(f, f.tokens.a, { created_at: `${lo}..${hi}`, tz, bucket: 'day', amount: '0..' });
        expect(viaRollup).toEqual(viaRows);
        expect(viaRollup.totals.count).toBeGreaterThan(0);
      }
    });

    it('derives approval rate and average ticket from the status totals', async () => {
      const s = await stats(f, f.tokens.a, {});
      const approved = s.totals.byStatus.approved;
      const denied = s.totals.byStatus.denied.count;
      expect(s.totals.approvalRate).toBeCloseTo(approved.count / (approved.count + denied), 4);
      const minor = decimalToMinor(approved.amount);
      const avg = Number(minor) / approved.count;
      expect(Math.abs(Number(decimalToMinor(s.totals.averageTicket ?? '0')) - avg)).toBeLessThanOrEqual(0.5);
    });

    it('compares with the previous period of equal length', async () => {
      const mid = Math.floor((span[0] + span[1]) / 2);
      const len = Math.floor((span[1] - span[0]) / 2);
      const range = `${new Date(mid).toISOString()}..${new Date(mid + len).toISOString()}`;
      const s = await stats(f, f.tokens.a, { created_at: range, compare: 'previous_period' });
      const before = await stats(f, f.tokens.a, { created_at: `${new Date(mid - len).toISOString()}..${new Date(mid).toISOString()}` });
      expect(s.previous?.from).toBe(new Date(mid - len).toISOString());
      expect(s.previous?.totals).toEqual(before.totals);
      const open = await f.app.inject({ url: '/v1/transactions/stats?compare=previous_period', headers: { authorization: f.tokens.a } });
      expect(open.statusCode).toBe(400);
      expect(open.json<Problem>().errors?.[0]?.parameter).toBe('created_at');
    });

    it('compares a running period like for like: up to now, against the same elapsed span of the period before', async () => {
      // "up to now" is the clock's: an organization of its own whose data reaches now (the shared fixture's is fixed)
      const own = await seedOrganization(f.database, { seed: 13, summaries: 300, organizationId: 'orgrunningperiod0000', organizationName: 'Running Ltda', merchants: 1, anchor: new Date() });
      const auth = await bearer(f.database, own.organizationId);
      // a week that started 3 days and a bit ago and ends in the future
      const start = Date.now() - 3 * 24 * HOUR - 1234;
      const length = 7 * 24 * HOUR;
      const before = Date.now();
      const s = await stats(f, auth, { created_at: `${new Date(start).toISOString()}..${new Date(start + length).toISOString()}`, compare: 'previous_period' });
      const after = Date.now();
      const until = Date.parse(s.previous?.until ?? '');
      expect(until).toBeGreaterThanOrEqual(before);
      expect(until).toBeLessThanOrEqual(after);
      expect(s.previous?.from).toBe(new Date(start - length).toISOString());
      expect(s.previous?.to).toBe(new Date(until - length).toISOString());
      const same = await stats(f, auth, { created_at: `${s.previous?.from}..${s.previous?.to}` });
      expect(s.previous?.totals).toEqual(same.totals);
      expect(same.totals.count).toBeGreaterThan(0);
    });

    it('rejects an unknown time zone or bucket with a problem naming the parameter', async () => {
      for (const [name, value] of [['tz', 'Mars/Olympus_Mons'], ['tz', 'America/Sao Paulo'], ['bucket', 'month']]) {
        const res = await f.app.inject({ url: `/v1/transactions/stats?${name}=${encodeURIComponent(value ?? '')}`, headers: { authorization: f.tokens.a } });
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(JSON.stringify(res.json<Problem>().errors)).toContain(name);
      }
    });

    it('keeps the rollup in the same transaction as writes: updates, deletes and a rolled-back insert', async () => {
      const [first, second] = f.orgA.summaries;
      if (!first || !second) throw new Error('fixture too small');
      const { eq } = await import('drizzle-orm');
      const db = f.database.db;
      await db.update(transactionSummaries).set({ status: 'refunded' }).where(eq(transactionSummaries.id, first.id));
      await db.delete(transactionSummaries).where(eq(transactionSummaries.id, second.id)).catch(() => undefined);
      await db
        .transaction(async (tx) => {
          await tx.insert(transactionSummaries).values({ ...first, id: 'zzzzzzzzzzzzzzzzzzz0', amountMinor: 99_999_999n });
          throw new Error('roll back');
        })
        .catch(() => undefined);
      const lo = new Date(Math.floor(span[0] / HOUR) * HOUR).toISOString();
      const hi = new Date(Math.ceil(span[1] / HOUR) * HOUR).toISOString();
      const s = await stats(f, f.tokens.a, { created_at: `${lo}..${hi}` });
      const listed = await walk<Summary>(f.app, f.tokens.a, '/v1/transactions/summaries', { created_at: `${lo}..${hi}` });
      expect(s.totals.count).toBe(listed.items.length);
      expect(s.totals.amount).toBe(minorToDecimal(sumMinor(listed.items)));
      expect(s.totals.byStatus.refunded.count).toBe(listed.items.filter((i) => i.status === 'refunded').length);
    });

    describe('time-zone buckets across a DST change', () => {
      // America/New_York fell back on 2026-11-01 at 06:00 UTC (02:00 EDT -> 01:00 EST): a fixed fact of the zone
      const fallBack = Date.UTC(2026, 10, 1, 6);
      const orgId = 'orgdstdstdstdstdst00';
      const offsets = [-26, -5.5, -1.5, -0.5, 0.5, 1.5, 20, 30].map((h) => fallBack + h * HOUR);
      let auth: string;
      beforeAll(async () => {
        await insertOrganization(f.database, orgId, ['mdstdstdstdstdstdst0']);
        auth = await bearer(f.database, orgId);
        const template = f.orgA.summaries[0];
        if (!template) throw new Error('fixture too small');
        await f.database.db.insert(transactionSummaries).values(
          offsets.map((ms, i) => ({ ...template, id: `dst${String(i).padStart(17, '0')}`, organizationId: orgId, merchantId: 'mdstdstdstdstdstdst0', createdAt: new Date(ms), status: 'approved', amountMinor: BigInt(1000 + i) })),
        );
      });

      const localDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);

      it('days are local days: the fall-back day lasts 25 hours', async () => {
        const s = await stats(f, auth, { bucket: 'day', tz: 'America/New_York' });
        const expected = new Map<string, number>();
        for (const ms of offsets) expected.set(localDay(ms), (expected.get(localDay(ms)) ?? 0) + 1);
        expect(s.series.map((p) => [p.start.slice(0, 10), p.count])).toEqual([...expected.entries()]);
        const nov1 = s.series.find((p) => p.start.startsWith('2026-11-01'));
        const nov2 = s.series.find((p) => p.start.startsWith('2026-11-02'));
        expect(nov1?.start).toBe('2026-11-01T00:00:00-04:00');
        expect(nov2?.start).toBe('2026-11-02T00:00:00-05:00');
        expect(Date.parse(nov2?.start ?? '') - Date.parse(nov1?.start ?? '')).toBe(25 * HOUR);
      });

      it('hours keep the two local 01:00 hours apart', async () => {
        const s = await stats(f, auth, { bucket: 'hour', tz: 'America/New_York' });
        expect(s.series.map((p) => Date.parse(p.start))).toEqual(offsets.map((ms) => Math.floor(ms / HOUR) * HOUR));
        const ones = s.series.filter((p) => p.start.includes('T01:00:00'));
        expect(ones.map((p) => p.start)).toEqual(['2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00']);
      });

      it('weeks start on local Monday and Kolkata half-hour days come from the rows', async () => {
        const week = await stats(f, auth, { bucket: 'week', tz: 'America/New_York' });
        expect(sumCount(week.series)).toBe(offsets.length);
        for (const p of week.series) expect(new Date(p.start.slice(0, 10)).getUTCDay()).toBe(1);
        const kolkata = await stats(f, auth, { bucket: 'day', tz: 'Asia/Kolkata' });
        const day = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms);
        const expected = new Map<string, number>();
        for (const ms of offsets) expected.set(day(ms), (expected.get(day(ms)) ?? 0) + 1);
        expect(kolkata.series.map((p) => [p.start.slice(0, 10), p.count])).toEqual([...expected.entries()]);
        expect(kolkata.series[0]?.start.endsWith('+05:30')).toBe(true);
      });
    });
  });
});
