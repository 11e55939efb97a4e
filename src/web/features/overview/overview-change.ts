/** Changes against the previous period. Money stays exact (cents as BigInt); only the ratio is a float. */

function cents(decimal: string): bigint {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(decimal);
  if (!m) throw new Error(`not a decimal amount: ${decimal}`);
  const value = BigInt(`${m[2]}${m[3]}`);
  return m[1] === '-' ? -value : value;
}

/** Relative change (0.125 = +12.5%) of an amount; null without a previous value or when it was zero. */
export function amountChange(current: string | null, previous: string | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined) return null;
  const before = cents(previous);
  if (before === 0n) return null;
  return Number(cents(current) - before) / Number(before);
}

/** Relative change of a count; null without a previous count or when it was zero. */
export function countChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / previous;
}

/** Change of a rate in percentage points (0.912 → 0.934 = +2.2 points); null when either is unknown. */
export function rateChangePoints(current: number | null, previous: number | null | undefined): number | null {
  if (current === null || previous === null || previous === undefined) return null;
  return Math.round((current - previous) * 1000) / 10;
}

export type Trend = 'up' | 'down' | 'flat';
export function trendOf(change: number | null): Trend | null {
  if (change === null) return null;
  if (Math.abs(change) < 1e-9) return 'flat';
  return change > 0 ? 'up' : 'down';
}
