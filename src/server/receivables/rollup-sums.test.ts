import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './business-calendar.ts';
import { nextMonthOf, splitSpan } from './rollup-sums.ts';

const isFirst = (date: string) => date.endsWith('-01');
const lastOf = (first: string) => addDays(nextMonthOf(first), -1);

describe('splitSpan', () => {
  it('covers every day of a span exactly once, whole months as months and the rest as days', () => {
    const day = fc.integer({ min: 0, max: 900 }).map((n) => addDays('2025-01-01', n));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 500 }), (from, length) => {
        const to = addDays(from, length);
        const { months, days } = splitSpan({ from, to });
        const covered: string[] = [];
        for (const d of days) for (let x = d.from ?? ''; x <= (d.to ?? ''); x = addDays(x, 1)) covered.push(x);
        if (months) {
          expect(isFirst(months.from ?? '')).toBe(true);
          expect(isFirst(months.until ?? '')).toBe(true);
          for (let x = months.from ?? ''; x < (months.until ?? ''); x = addDays(x, 1)) covered.push(x);
        }
        covered.sort();
        expect(covered.length).toBe(daysBetween(from, to) + 1);
        expect(new Set(covered).size).toBe(covered.length);
        expect(covered[0]).toBe(from);
        expect(covered.at(-1)).toBe(to);
        // no whole month is read day by day
        for (const d of days) expect(isFirst(d.from ?? '') && d.to !== undefined && d.to >= lastOf(d.from ?? '')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves open ends open, and reads the months around a date', () => {
    expect(splitSpan({})).toEqual({ months: {}, days: [] });
    expect(splitSpan({ to: '2026-03-15' })).toEqual({ months: { until: '2026-03-01' }, days: [{ from: '2026-03-01', to: '2026-03-15' }] });
    expect(splitSpan({ from: '2026-03-15' })).toEqual({ months: { from: '2026-04-01' }, days: [{ from: '2026-03-15', to: '2026-03-31' }] });
    expect(splitSpan({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ months: { from: '2026-02-01', until: '2026-03-01' }, days: [] });
    expect(splitSpan({ from: '2026-02-02', to: '2026-02-28' })).toEqual({ months: null, days: [{ from: '2026-02-02', to: '2026-02-28' }] });
    expect(splitSpan({ from: '2025-12-31', to: '2026-01-01' })).toEqual({ months: null, days: [{ from: '2025-12-31', to: '2026-01-01' }] });
  });
});
