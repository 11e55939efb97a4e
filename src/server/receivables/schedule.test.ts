import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FeeRates } from '../../contract/fee-plans.ts';
import type { PlanVersion } from '../fee-plans/plan-rates.ts';
import { addDays, isBusinessDay } from './business-calendar.ts';
import { scheduleSale, type CycleForSchedule, type SaleForSchedule } from './schedule.ts';

const pct = (bps: number) => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
const ratesOf = (bps: number[]): FeeRates => ({
  debit: pct(bps[0]!),
  credit: pct(bps[1]!),
  credit2to6: pct(bps[2]!),
  credit7to12: pct(bps[3]!),
  pix: pct(bps[4]!),
  anticipationMonthly: '1.99',
});
const terms = { debitDays: 1, creditDays: 30, pixDays: 0 };

let counter = 0;
const newId = () => `r${(counter++).toString().padStart(19, '0')}`;
const day = (iso: string, hourUtc = 15) => new Date(`${iso}T${String(hourUtc).padStart(2, '0')}:00:00Z`);

const saleArb = fc.record({
  method: fc.constantFrom('credit_card', 'debit_card', 'pix'),
  installments: fc.integer({ min: 1, max: 12 }),
  amount: fc.bigInt({ min: 1n, max: 10n ** 9n }),
  brand: fc.constantFrom('visa', 'mastercard', 'elo'),
  captureOffset: fc.integer({ min: 0, max: 3 * 365 }),
  bps: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 }),
  costBps: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 5, maxLength: 5 }),
  refunds: fc.array(fc.record({ share: fc.integer({ min: 1, max: 100 }), afterDays: fc.integer({ min: 0, max: 400 }) }), { maxLength: 4 }),
  settleAfterDays: fc.integer({ min: 0, max: 500 }),
});

describe('the receivables schedule', () => {
  it('keeps every total to the cent and every due date on a business day, for random sales, plans and refunds', () => {
    fc.assert(
      fc.property(saleArb, (s) => {
        const captured = addDays('2024-01-01', s.captureOffset);
        const sale: SaleForSchedule = { id: 's1', organizationId: 'o', merchantId: 'm', receiverTaxId: '11111111000191', acquirer: 'cielo', paymentMethod: s.method, cardBrand: s.method === 'pix' ? null : s.brand, installments: s.installments };
        const cycles: CycleForSchedule[] = [{ id: 'c1', type: 'capture', status: 'approved', amountMinor: s.amount, createdAt: day(captured) }];
        let requested = 0n;
        for (const [i, refund] of s.refunds.entries()) {
          const amount = (s.amount * BigInt(refund.share)) / 100n;
          requested += amount;
          cycles.push({ id: `c${i + 2}`, type: i % 2 === 0 ? 'refund' : 'reversal', status: 'approved', amountMinor: amount, createdAt: day(addDays(captured, refund.afterDays)) });
        }
        cycles.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
        const price: PlanVersion = { version: 1, effectiveFrom: '2000-01-01', rates: ratesOf(s.bps), terms };
        const cost: PlanVersion = { version: 1, effectiveFrom: '2000-01-01', rates: ratesOf(s.costBps), terms };
        const rows = scheduleSale(sale, cycles, { price: { id: 'p', versions: [price] }, cost: { id: 'c', versions: [cost] } }, newId, { date: addDays(captured, s.settleAfterDays) });

        const installments = rows.filter((r) => r.kind === 'installment');
        const n = s.method === 'credit_card' ? s.installments : 1;
        expect(installments).toHaveLength(n);
        // the installments as captured add up to the sale, the remainder on the first
        const original = installments.map((r) => r.grossMinor + r.refundedMinor);
        expect(original.reduce((a, b) => a + b, 0n)).toBe(s.amount);
        expect(original[0]).toBe(s.amount / BigInt(n) + (s.amount % BigInt(n)));
        // what is left to receive is the capture less what was taken back (never more than the capture)
        const taken = requested < s.amount ? requested : s.amount;
        expect(rows.reduce((a, r) => a + r.grossMinor, 0n)).toBe(s.amount - taken);
        for (const r of rows) {
          expect(r.grossMinor - r.feeMinor).toBe(r.netMinor);
          // the fee is within half a cent of the exact rate on its own gross
          const error = r.feeMinor * 10_000n - r.grossMinor * BigInt(r.feeRateBps);
          expect(error <= 5_000n && error >= -5_000n).toBe(true);
          const costError = r.costFeeMinor * 10_000n - r.grossMinor * BigInt(r.costRateBps);
          expect(costError <= 5_000n && costError >= -5_000n).toBe(true);
          expect(isBusinessDay(r.dueDate)).toBe(true);
          expect(r.dueDate >= r.originalDueDate).toBe(true);
          if (r.status === 'cancelled') expect(r.grossMinor).toBe(0n);
        }
        // totals too: Σgross − Σfee = Σnet
        const sum = (f: (r: (typeof rows)[number]) => bigint) => rows.reduce((a, r) => a + f(r), 0n);
        expect(sum((r) => r.grossMinor) - sum((r) => r.feeMinor)).toBe(sum((r) => r.netMinor));
        // credit installment k falls at capture + 30·k before the business-day move
        for (const r of installments) {
          const days = s.method === 'credit_card' ? 30 * r.installment : s.method === 'debit_card' ? 1 : 0;
          expect(r.originalDueDate).toBe(addDays(captured, days));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('spreads a partial refund over the open installments from the last backwards', () => {
    const sale: SaleForSchedule = { id: 's', organizationId: 'o', merchantId: 'm', receiverTaxId: 't', acquirer: 'rede', paymentMethod: 'credit_card', cardBrand: 'visa', installments: 3 };
    const rows = scheduleSale(
      sale,
      [
        { id: 'c1', type: 'capture', status: 'approved', amountMinor: 30_000n, createdAt: day('2026-03-02') },
        { id: 'c2', type: 'refund', status: 'approved', amountMinor: 15_000n, createdAt: day('2026-03-05') },
      ],
      { price: undefined, cost: undefined },
      newId,
    );
    expect(rows.map((r) => [r.installment, r.grossMinor, r.refundedMinor, r.status])).toEqual([
      [1, 10_000n, 0n, 'scheduled'],
      [2, 5_000n, 5_000n, 'scheduled'],
      [3, 0n, 10_000n, 'cancelled'],
    ]);
  });

  it('books a negative adjustment on the next business day for what was already paid', () => {
    const sale: SaleForSchedule = { id: 's', organizationId: 'o', merchantId: 'm', receiverTaxId: 't', acquirer: 'rede', paymentMethod: 'debit_card', cardBrand: 'elo', installments: 1 };
    const price: PlanVersion = { version: 1, effectiveFrom: '2020-01-01', rates: ratesOf([200, 300, 300, 300, 100]), terms };
    // captured Friday 2026-04-17, paid Monday 20 (Tiradentes is Tuesday 21); refunded Monday 20 after payment → adjustment Wednesday 22
    const rows = scheduleSale(
      sale,
      [
        { id: 'c1', type: 'capture', status: 'approved', amountMinor: 10_000n, createdAt: day('2026-04-17') },
        { id: 'c2', type: 'refund', status: 'approved', amountMinor: 4_000n, createdAt: day('2026-04-21') },
      ],
      { price: { id: 'p', versions: [price] }, cost: undefined },
      newId,
      { date: '2026-04-21' },
    );
    expect(rows.map((r) => [r.kind, r.status, r.grossMinor, r.feeMinor, r.netMinor, r.dueDate])).toEqual([
      ['installment', 'adjusted', 10_000n, 200n, 9_800n, '2026-04-20'],
      ['adjustment', 'scheduled', -4_000n, -80n, -3_920n, '2026-04-22'],
    ]);
  });

  it('prices a sale with the plan version in force on its capture date only', () => {
    const sale: SaleForSchedule = { id: 's', organizationId: 'o', merchantId: 'm', receiverTaxId: 't', acquirer: 'stone', paymentMethod: 'credit_card', cardBrand: 'visa', installments: 1 };
    const versions: PlanVersion[] = [
      { version: 1, effectiveFrom: '2025-01-01', rates: ratesOf([100, 300, 300, 300, 100]), terms },
      { version: 2, effectiveFrom: '2026-06-01', rates: ratesOf([100, 200, 300, 300, 100]), terms: { ...terms, creditDays: 2 } },
    ];
    const at = (date: string) =>
      scheduleSale(sale, [{ id: 'c', type: 'capture', status: 'approved', amountMinor: 10_000n, createdAt: day(date) }], { price: { id: 'p', versions }, cost: undefined }, newId)[0]!;
    expect([at('2026-05-31').feeMinor, at('2026-05-31').pricePlanVersion, at('2026-05-31').originalDueDate]).toEqual([300n, 1, '2026-06-30']);
    expect([at('2026-06-01').feeMinor, at('2026-06-01').pricePlanVersion, at('2026-06-01').originalDueDate]).toEqual([200n, 2, '2026-06-03']);
    // 02:59 UTC on 1 June is still 31 May in Brasília
    expect(scheduleSale(sale, [{ id: 'c', type: 'capture', status: 'approved', amountMinor: 10_000n, createdAt: new Date('2026-06-01T02:59:00Z') }], { price: { id: 'p', versions }, cost: undefined }, newId)[0]!.feeMinor).toBe(300n);
  });

  it('uses a brand override over the product rate', () => {
    const sale: SaleForSchedule = { id: 's', organizationId: 'o', merchantId: 'm', receiverTaxId: 't', acquirer: 'stone', paymentMethod: 'credit_card', cardBrand: 'amex', installments: 8 };
    const versions: PlanVersion[] = [{ version: 1, effectiveFrom: '2025-01-01', rates: { ...ratesOf([100, 300, 300, 400, 100]), brands: { amex: { credit7to12: '5.00' } } }, terms }];
    const rows = scheduleSale(sale, [{ id: 'c', type: 'capture', status: 'approved', amountMinor: 80_000n, createdAt: day('2026-06-01') }], { price: { id: 'p', versions }, cost: undefined }, newId);
    expect(rows.map((r) => r.feeMinor)).toEqual(Array(8).fill(500n));
  });
});
