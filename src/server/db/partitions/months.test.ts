import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xid } from '../../lib/xid.ts';
import { addMonths, monthBound, monthOf, monthOfPartition, monthRange, monthStartMs, monthValues, parseMonth, partitionName, xidFloor } from './months.ts';

describe('monthly partition bounds', () => {
  it('puts every XID between the floors of its own month and the next, in byte order (the partition key order)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 11, 31) }), (ms) => {
        const id = xid(new Date(ms));
        const month = monthOf(ms);
        expect(xidFloor(monthStartMs(month)) <= id).toBe(true);
        expect(id < xidFloor(monthStartMs(addMonths(month, 1)))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('bounds events by epoch nanoseconds and summaries by XID', () => {
    const nov = { year: 2026, month: 11 };
    expect(monthBound('events', nov)).toBe(`${Date.UTC(2026, 10, 1)}000000`);
    expect(monthValues('cycles', nov)).toBe(`FOR VALUES FROM ('${xidFloor(Date.UTC(2026, 10, 1))}') TO ('${xidFloor(Date.UTC(2026, 11, 1))}')`);
  });

  it('counts months across years and names partitions by them', () => {
    expect(addMonths({ year: 2026, month: 11 }, 3)).toEqual({ year: 2027, month: 2 });
    expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthRange({ year: 2026, month: 11 }, { year: 2027, month: 1 })).toEqual([
      { year: 2026, month: 11 },
      { year: 2026, month: 12 },
      { year: 2027, month: 1 },
    ]);
    expect(monthRange({ year: 2027, month: 1 }, { year: 2026, month: 12 })).toEqual([]);
    expect(partitionName('transaction_summaries', { year: 2026, month: 8 })).toBe('transaction_summaries_2026_08');
    expect(monthOfPartition('cycles', 'cycles_2026_08')).toEqual({ year: 2026, month: 8 });
    expect(monthOfPartition('cycles', 'cycles_default')).toBeNull();
    expect(parseMonth('2026-13')).toBeNull();
    expect(parseMonth('2026-02')).toEqual({ year: 2026, month: 2 });
  });
});
