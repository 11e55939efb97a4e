import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRate, priced, splitInstallments } from './money.ts';

describe('receivables money math', () => {
  it('splits into installments that add up to the amount, the remainder on the first', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 1, max: 12 }), (amount, n) => {
        const parts = splitInstallments(amount, n);
        expect(parts).toHaveLength(n);
        expect(parts.reduce((a, b) => a + b, 0n)).toBe(amount);
        const rest = parts.slice(1);
        for (const p of rest) expect(p).toBe(amount / BigInt(n));
        expect(parts[0]! - (rest[0] ?? parts[0]!)).toBeLessThan(BigInt(n));
      }),
    );
    expect(splitInstallments(1000n, 3)).toEqual([334n, 333n, 333n]);
  });

  it('rounds fees half to even', () => {
    expect(applyRate(250n, 100)).toBe(2n); // 2.50 → 2
    expect(applyRate(350n, 100)).toBe(4n); // 3.50 → 4
    expect(applyRate(351n, 100)).toBe(4n); // 3.51 → 4
    expect(applyRate(249n, 100)).toBe(2n); // 2.49 → 2
    expect(applyRate(-250n, 100)).toBe(-2n);
    expect(applyRate(-350n, 100)).toBe(-4n);
    expect(applyRate(10_000n, 199)).toBe(199n);
  });

  it('rounds to the nearest cent against an exact rational reference', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 10_000 }), (amount, bps) => {
        const fee = applyRate(amount, bps);
        // |fee·10000 − amount·bps| ≤ 5000: within half a cent of the exact value
        const error = fee * 10_000n - amount * BigInt(bps);
        expect(error <= 5_000n && error >= -5_000n).toBe(true);
        if (error === 5_000n || error === -5_000n) expect(fee % 2n).toBe(0n);
      }),
    );
  });

  it('keeps gross − fee = net for every receivable', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 10_000 }), (gross, bps) => {
        const { fee, net } = priced(gross, bps);
        expect(gross - fee).toBe(net);
        expect(fee >= 0n && fee <= gross).toBe(true);
      }),
    );
  });

  it('refuses a fractional rate and a count below one', () => {
    expect(() => applyRate(100n, 1.5)).toThrow(RangeError);
    expect(() => splitInstallments(100n, 0)).toThrow(RangeError);
  });
});
