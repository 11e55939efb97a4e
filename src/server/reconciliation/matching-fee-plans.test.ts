import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FeeRates } from '../../contract/fee-plans.ts';
import { reconciliationExceptions } from '../db/schema.ts';
import { writeCieloV15 } from '../seed/statements/cielo-v15-writer.ts';
import { buildStatement } from '../seed/statements/discrepancies.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { importStatement } from './import-statement.ts';
import { insertCostPlan, insertReceivables, insertSales, writeLines, type FixtureSale } from './reconciliation-fixture.ts';

const org = 'org-rx-fees';
const dayMs = 86_400_000;
const firstDayMs = Math.floor(Date.now() / dayMs) * dayMs - 10 * dayMs;
/** the cost plan before and after the change on the file's second day (basis points) */
const before = { debit: 90n, credit: 199n, credit2to6: 249n, credit7to12: 289n };
const after = { debit: 110n, credit: 259n, credit2to6: 299n, credit7to12: 329n };
const pct = (bps: bigint) => `${bps / 100n}.${String(bps % 100n).padStart(2, '0')}`;
const ratesOf = (bps: typeof before): FeeRates => ({
  debit: pct(bps.debit), credit: pct(bps.credit), credit2to6: pct(bps.credit2to6), credit7to12: pct(bps.credit7to12), pix: '0.00', anticipationMonthly: '1.00',
});
const rateOf = (bps: typeof before, s: FixtureSale) => (s.method === 'debit_card' ? bps.debit : s.installments <= 1 ? bps.credit : bps.credit2to6);
/** a × bps / 10 000 rounded half to even, computed here on its own */
function halfEven(amount: bigint, bps: bigint): bigint {
  const q = (amount * bps) / 10_000n;
  const r = (amount * bps) % 10_000n;
  return r > 5_000n || (r === 5_000n && q % 2n === 1n) ? q + 1n : q;
}
/** what an acquirer that rounds once per sale (half up) charges, split over the installments, the remainder on the first */
function charged(total: bigint, n: number): bigint[] {
  const part = total / BigInt(n);
  return Array.from({ length: n }, (_v, i) => (i === 0 ? total - part * BigInt(n - 1) : part));
}

/**
 * Fee differs from the plan: the cost plan changes on the file's second day; each sale is held to the version in
 * force on its day, and a sale with receivables to their cost fees (half-even per installment), within
 * ⌊(installments + 1) / 2⌋ centavos of rounding.
 */
describe.each(backends)('fee check against the cost plan on $kind', ({ kind, available }) => {
  describe.skipIf(!available)('matching', () => {
    let t: TestDatabase;
    let sales: FixtureSale[];
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mf1', 'mf2']);
      sales = (await insertSales(t.database, org, 'cielo', { mf1: '1033333331', mf2: '1033333332' }, firstDayMs, 2, 20, 30_000)).filter((s) => s.status !== 'denied');
    });
    afterAll(() => t.dispose());

    it('holds each day to its plan version and each sale with receivables to them', async () => {
      const days = [...new Set(sales.map((s) => s.capturedOn))].sort() as [string, string];
      await insertCostPlan(t.database, org, 'cielo', [{ effectiveFrom: days[0], rates: ratesOf(before) }, { effectiveFrom: days[1], rates: ratesOf(after) }]);
      const secondDay = sales.filter((s) => s.capturedOn === days[1] && !s.refunded);
      const split = secondDay.filter((s) => s.installments === 3);
      // receivables for two installment sales of the second day: half-even per installment at the new rate
      await insertReceivables(t.database, org, 'cielo', split.slice(0, 2), after.credit2to6, (gross) => halfEven(gross, after.credit2to6));
      const oldRate = secondDay.find((s) => s.installments === 1 && s.method === 'credit_card') as FixtureSale;
      expect(split.length).toBeGreaterThanOrEqual(2);
      const [withinRounding, aboveRounding] = split as [FixtureSale, FixtureSale];
      const built = buildStatement('cielo', sales, {}, 7);
      for (const s of sales) {
        const mine = built.entries.filter((e) => e.kind === 'sale' && e.nsu === s.nsu);
        const bps = s === oldRate || s.capturedOn === days[0] ? rateOf(before, s) : rateOf(after, s);
        const fees = charged((s.amountMinor * bps + 5_000n) / 10_000n, mine.length);
        mine.forEach((e, i) => (e.feeMinor = fees[i] as bigint));
        // 5 centavos: more than the 2 of rounding a 3-installment sale may differ by, whichever way it went
        if (s === aboveRounding) (mine[0] as { feeMinor: bigint }).feeMinor += 5n;
      }
      const header = { headMid: '1033333331', generatedOn: days[1], periodStart: days[0], periodEnd: days[1], sequence: 1 };
      const written = await writeLines(writeCieloV15(header, built.entries));
      try {
        expect((await importStatement(t.database.db, { organizationId: org, actor: 'tok', path: written.file, name: 'fees.txt' })).status).toBe('imported');
        const found = await t.database.db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.organizationId, org));
        const receivableFee = (s: FixtureSale) => charged(s.amountMinor, 3).reduce((sum, g) => sum + halfEven(g, after.credit2to6), 0n);
        expect(found.map((e) => [e.outcome, e.summaryId, e.expectedMinor]).sort()).toEqual([
          ['fee_differs', oldRate.summaryId, halfEven(oldRate.amountMinor, after.credit)],
          ['fee_differs', aboveRounding.summaryId, receivableFee(aboveRounding)],
        ].sort());
        expect(withinRounding.summaryId).not.toBe(aboveRounding.summaryId);
      } finally {
        await written.remove();
      }
    });
  });
});
