import { capturedStatuses, summaryStatuses } from '../../contract/enums.ts';
import { minorToDecimal } from '../../contract/money.ts';
import type { StatsBreakdownItem, StatsPoint, StatsTotals } from '../../contract/stats.ts';
import { localIso } from '../lib/time-zones.ts';
import type { CellRow, SeriesRow } from './stats-query.ts';

interface Tally {
  count: number;
  amount: bigint;
  approvedCount: number;
  approvedAmount: bigint;
  deniedCount: number;
}

const emptyTally = (): Tally => ({ count: 0, amount: 0n, approvedCount: 0, approvedAmount: 0n, deniedCount: 0 });

function add(tally: Tally, row: { status: string; n: string; amount: string }): void {
  const n = Number(row.n);
  const amount = BigInt(row.amount);
  tally.count += n;
  tally.amount += amount;
  if (row.status === 'approved') {
    tally.approvedCount += n;
    tally.approvedAmount += amount;
  }
  if (row.status === 'denied') tally.deniedCount += n;
}

/** approved ÷ (approved + denied), 4 decimal places; null when neither occurred. A ratio, not money. */
export function approvalRate(approved: number, denied: number): number | null {
  const decided = approved + denied;
  return decided === 0 ? null : Math.round((approved * 10_000) / decided) / 10_000;
}

/** amount ÷ count in minor units, rounded half up (amounts are never negative). */
export function averageMinor(amount: bigint, count: number): bigint | null {
  if (count === 0) return null;
  const n = BigInt(count);
  return (2n * amount + n) / (2n * n);
}

function slice(t: Tally) {
  return {
    count: t.count,
    amount: minorToDecimal(t.amount),
    approvedCount: t.approvedCount,
    approvedAmount: minorToDecimal(t.approvedAmount),
    deniedCount: t.deniedCount,
    approvalRate: approvalRate(t.approvedCount, t.deniedCount),
  };
}

const captured = new Set<string>(capturedStatuses);
const refundStatuses = new Set(['partially_refunded', 'refunded']);

export function statsTotals(rows: CellRow[]): StatsTotals {
  const perStatus = new Map<string, { count: number; amount: bigint }>(summaryStatuses.map((st) => [st, { count: 0, amount: 0n }]));
  const all = emptyTally();
  const gross = { count: 0, amount: 0n };
  const refunds = { count: 0, amount: 0n };
  for (const row of rows) {
    add(all, row);
    const entry = perStatus.get(row.status);
    if (entry) {
      entry.count += Number(row.n);
      entry.amount += BigInt(row.amount);
    }
    if (captured.has(row.status)) {
      gross.count += Number(row.n);
      gross.amount += BigInt(row.captured);
    }
    if (refundStatuses.has(row.status)) {
      refunds.count += Number(row.n);
      refunds.amount += BigInt(row.refunded);
    }
  }
  const view = (st: string) => {
    const e = perStatus.get(st) ?? { count: 0, amount: 0n };
    return { count: e.count, amount: minorToDecimal(e.amount) };
  };
  const average = averageMinor(all.approvedAmount, all.approvedCount);
  return {
    count: all.count,
    amount: minorToDecimal(all.amount),
    byStatus: Object.fromEntries(summaryStatuses.map((st) => [st, view(st)])) as StatsTotals['byStatus'],
    approvalRate: approvalRate(all.approvedCount, all.deniedCount),
    averageTicket: average === null ? null : minorToDecimal(average),
    captured: { count: gross.count, amount: minorToDecimal(gross.amount) },
    refunds: { count: refunds.count, amount: minorToDecimal(refunds.amount) },
    netAmount: minorToDecimal(gross.amount - refunds.amount),
  };
}

export function statsSeries(rows: SeriesRow[]): StatsPoint[] {
  const buckets = new Map<string, { ms: number; offset: number; tally: Tally }>();
  for (const row of rows) {
    let entry = buckets.get(row.bucket_ms);
    if (!entry) {
      entry = { ms: Number(row.bucket_ms), offset: row.offset_s, tally: emptyTally() };
      buckets.set(row.bucket_ms, entry);
    }
    add(entry.tally, row);
  }
  return [...buckets.values()].sort((a, b) => a.ms - b.ms).map((b) => ({ start: localIso(b.ms, b.offset), ...slice(b.tally) }));
}

type Dimension = 'acquirer' | 'card_brand' | 'payment_method';

/** One breakdown, largest amount first (ties by value). */
export function statsBreakdown(rows: CellRow[], dimension: Dimension): StatsBreakdownItem[] {
  const values = new Map<string | null, Tally>();
  for (const row of rows) {
    const value = row[dimension];
    const tally = values.get(value) ?? emptyTally();
    add(tally, row);
    values.set(value, tally);
  }
  return [...values.entries()]
    .filter(([, t]) => t.count > 0)
    .sort(([va, a], [vb, b]) => (a.amount === b.amount ? String(va).localeCompare(String(vb)) : a.amount > b.amount ? -1 : 1))
    .map(([value, t]) => ({ value, ...slice(t) }));
}
