import { and, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { receivableDaily, receivableMonthly } from '../db/schema.ts';
import { addDays } from './business-calendar.ts';

/** Either rollup of receivables: the same dimension columns, per day (`due_date`) or per month (`month`). */
export type Rollup = typeof receivableDaily | typeof receivableMonthly;

/** An inclusive range of due dates (YYYY-MM-DD); an end left out is open. */
export interface DueSpan {
  from?: string | undefined;
  to?: string | undefined;
}

export interface TotalsRow {
  count: string;
  gross: string;
  fee: string;
  net: string;
  cost: string;
}

const monthOf = (date: string) => `${date.slice(0, 8)}01`;
export function nextMonthOf(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * The whole months inside a span (first months included, `until` the first month left out) and the days around them:
 * those months are read from receivable_monthly, the days from receivable_daily. A span shorter than a month is days only.
 */
export function splitSpan(span: DueSpan): { months: { from?: string; until?: string } | null; days: DueSpan[] } {
  const first = span.from === undefined ? undefined : span.from === monthOf(span.from) ? span.from : nextMonthOf(span.from);
  const dayAfter = span.to === undefined ? undefined : addDays(span.to, 1);
  const until = dayAfter === undefined ? undefined : monthOf(dayAfter) === dayAfter ? dayAfter : monthOf(dayAfter);
  if (first !== undefined && until !== undefined && first >= until) return { months: null, days: [span] };
  const days: DueSpan[] = [];
  if (span.from !== undefined && first !== undefined && span.from < first) days.push({ from: span.from, to: addDays(first, -1) });
  if (span.to !== undefined && until !== undefined && until <= span.to) days.push({ from: until, to: span.to });
  return { months: { ...(first === undefined ? {} : { from: first }), ...(until === undefined ? {} : { until }) }, days };
}

/** Count and sums of one rollup's rows matching the conditions. */
function part(db: Db, t: Rollup, where: (SQL | undefined)[]) {
  return db
    .select({
      count: sql`sum_int8(${t.count})`.as('count'),
      gross: sql`sum_int8(${t.grossMinor})`.as('gross'),
      fee: sql`sum_int8(${t.feeMinor})`.as('fee'),
      net: sql`sum_int8(${t.netMinor})`.as('net'),
      cost: sql`sum_int8(${t.costFeeMinor})`.as('cost'),
    })
    .from(t)
    .where(and(...where));
}

/** Which receivables to total: conditions on the rollups' shared dimension columns, and a span of due dates (null: none). */
export interface TotalsOf {
  dims: (t: Rollup) => (SQL | undefined)[];
  span: DueSpan | null;
}

const zero = (): TotalsRow => ({ count: '0', gross: '0', fee: '0', net: '0', cost: '0' });

/**
 * Exact count and sums of the receivables each `TotalsOf` names, from the rollups in one statement: whole months from
 * receivable_monthly, the other days from receivable_daily. The same totals as summing the receivables, to the cent.
 */
export async function rollupTotalsOf(db: Db, wanted: readonly TotalsOf[]): Promise<TotalsRow[]> {
  const m = receivableMonthly;
  const d = receivableDaily;
  const parts: SQL[] = [];
  wanted.forEach(({ dims, span }, k) => {
    if (span === null || (span.from !== undefined && span.to !== undefined && span.from > span.to)) return;
    const { months, days } = splitSpan(span);
    if (months) parts.push(sql`select ${k}::int as k, x.* from (${part(db, m, [...dims(m), months.from === undefined ? undefined : gte(m.month, months.from), months.until === undefined ? undefined : lt(m.month, months.until)])}) as x`);
    for (const day of days) parts.push(sql`select ${k}::int as k, x.* from (${part(db, d, [...dims(d), day.from === undefined ? undefined : gte(d.dueDate, day.from), day.to === undefined ? undefined : lte(d.dueDate, day.to)])}) as x`);
  });
  const totals = wanted.map(zero);
  if (parts.length === 0) return totals;
  const result: unknown = await db.execute(
    sql`select k, coalesce(sum(count), 0)::text as count, coalesce(sum(gross), 0)::text as gross, coalesce(sum(fee), 0)::text as fee,
      coalesce(sum(net), 0)::text as net, coalesce(sum(cost), 0)::text as cost from (${sql.join(parts, sql` union all `)}) as parts group by k`,
  );
  for (const { k, ...row } of (result as { rows: (TotalsRow & { k: number })[] }).rows) totals[Number(k)] = row;
  return totals;
}

/** Exact count and sums of the receivables matching `dims` with a due date in `span` (null: nothing matches). */
export async function rollupTotals(db: Db, dims: TotalsOf['dims'], span: DueSpan | null): Promise<TotalsRow> {
  const [row] = await rollupTotalsOf(db, [{ dims, span }]);
  return row ?? zero();
}

/** A span narrowed to another (both inclusive; open ends stay open). */
export function within(span: DueSpan, other: DueSpan): DueSpan {
  const from = span.from === undefined ? other.from : other.from === undefined || span.from > other.from ? span.from : other.from;
  const to = span.to === undefined ? other.to : other.to === undefined || span.to < other.to ? span.to : other.to;
  return { from, to };
}
