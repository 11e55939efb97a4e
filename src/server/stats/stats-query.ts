import { and, eq, sql, type SQL } from 'drizzle-orm';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import type { StatsQuery } from '../../contract/stats.ts';
import type { SummaryFilters } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import { summaryRollupDaily as d, summaryRollup as h, summaryRollupStatus as hs, transactionSummaries as s } from '../db/schema.ts';
import { hourAligned } from '../lib/time-zones.ts';
import { merchantCondition, seesMerchant, type RowScope } from '../lists/scope.ts';
import { summaryWhere } from '../summaries/summaries-query.ts';

const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
const NS_PER_MS = 1_000_000n;

/** Filters the rollups carry as columns; any other filter is answered from the rows themselves. */
const cubeFilters = new Set(['created_at', 'acquirer', 'payment_method', 'status', 'card_brand', 'merchant_id']);
/** Filters the hourly per-status rollup can answer. */
const statusFilters = new Set(['created_at', 'status', 'merchant_id']);

export interface SeriesRow extends Record<string, unknown> {
  bucket_ms: string;
  offset_s: number;
  status: string;
  n: string;
  amount: string;
}

export interface CellRow extends Record<string, unknown> {
  status: string;
  acquirer: string;
  card_brand: string | null;
  payment_method: string;
  n: string;
  amount: string;
  /** sums of what was captured and refunded (migration 0012) */
  captured: string;
  refunded: string;
}

type Bound = number | null;
const iso = (ms: number) => new Date(ms).toISOString();

/** lo <= col < hi, either side open when null. */
function within(column: SQL, lo: Bound, hi: Bound, asDate = false): SQL | undefined {
  const value = (ms: number) => (asDate ? sql`${iso(ms).slice(0, 10)}::date` : sql`${iso(ms)}::timestamptz`);
  return and(lo === null ? undefined : sql`${column} >= ${value(lo)}`, hi === null ? undefined : sql`${column} < ${value(hi)}`);
}

interface Sources {
  /** SELECT t, status, n, amount ... of the series */
  series: SQL[];
  /** SELECT status, acquirer, card_brand, payment_method, n, amount, captured, refunded ... of the totals and breakdowns */
  cells: SQL[];
}

const rawSeries = (where: SQL | undefined) => sql`select ${s.createdAt} as t, ${s.status} as status, 1::bigint as n, ${s.amountMinor} as amount from ${s} where ${where}`;
const rawCells = (where: SQL | undefined) =>
  sql`select ${s.status} as status, ${s.acquirer} as acquirer, ${s.cardBrand} as card_brand, ${s.paymentMethod} as payment_method, 1::bigint as n, ${s.amountMinor} as amount,
    ${s.capturedMinor} as captured, ${s.refundedMinor} as refunded from ${s} where ${where}`;

/**
 * Where the numbers come from. With filters the rollups carry and a time zone whose edges fall on UTC hours:
 * whole UTC days from the daily cube, the other whole hours from the hourly cube, the series from the hourly
 * per-status rollup (or the cube when other dimensions are filtered), and only the partial hours at the ends of
 * created_at from the rows. Otherwise everything from the rows.
 */
function sources(scope: RowScope, filters: SummaryFilters, tz: string, dataSpanMs: [number, number] | null): Sources {
  const where = summaryWhere(scope, filters);
  const given = Object.entries(filters).filter(([, v]) => v !== undefined);
  const merchantFilter = (filters as Record<string, unknown>).merchant_id;
  const usable = given.every(([k, v]) => cubeFilters.has(k) && (k !== 'merchant_id' || typeof v === 'string'));
  const conflicting = typeof merchantFilter === 'string' && !seesMerchant(scope, merchantFilter);
  const created = filters.created_at === undefined ? null : parseCreatedAtFilter(filters.created_at);
  const a: Bound = created?.fromNs == null ? null : Math.ceil(Number(created.fromNs / NS_PER_MS) / MS_PER_HOUR) * MS_PER_HOUR;
  const b: Bound = created?.toNs == null ? null : Math.floor(Number(created.toNs / NS_PER_MS) / MS_PER_HOUR) * MS_PER_HOUR;
  const spanFrom = a ?? dataSpanMs?.[0];
  const spanTo = b ?? dataSpanMs?.[1];
  const aligned = spanFrom === undefined || spanTo === undefined || spanFrom >= spanTo || hourAligned(tz, spanFrom, spanTo);
  if (!usable || conflicting || !aligned || (a !== null && b !== null && a >= b)) return { series: [rawSeries(where)], cells: [rawCells(where)] };

  // the rollups keep each merchant's rows and '*' (every merchant): a filter reads its merchant's, a limited scope
  // sums its merchants' (the cells and the series group what the union brings)
  const merchantKeys = typeof merchantFilter === 'string' ? [merchantFilter] : (scope.merchantIds ?? ['*']);
  const dims = (t: typeof h | typeof d) =>
    and(
      eq(t.organizationId, scope.organizationId),
      merchantCondition(t.merchantId, { merchantIds: merchantKeys }),
      filters.status ? eq(t.status, filters.status) : undefined,
      filters.acquirer ? eq(t.acquirer, filters.acquirer) : undefined,
      filters.payment_method ? eq(t.paymentMethod, filters.payment_method) : undefined,
      filters.card_brand ? eq(t.cardBrand, filters.card_brand) : undefined,
    );
  const hourCells = (lo: Bound, hi: Bound) =>
    sql`select ${h.status}, ${h.acquirer}, nullif(${h.cardBrand}, ''), ${h.paymentMethod}, ${h.count}, ${h.amountMinor}, ${h.capturedMinor}, ${h.refundedMinor} from ${h} where ${dims(h)} and ${within(sql`${h.hour}`, lo, hi) ?? sql`true`}`;

  const cells: SQL[] = [];
  const da: Bound = a === null ? null : Math.ceil(a / MS_PER_DAY) * MS_PER_DAY;
  const db: Bound = b === null ? null : Math.floor(b / MS_PER_DAY) * MS_PER_DAY;
  if (da === null || db === null || da < db) {
    cells.push(
      sql`select ${d.status}, ${d.acquirer}, nullif(${d.cardBrand}, ''), ${d.paymentMethod}, ${d.count}, ${d.amountMinor}, ${d.capturedMinor}, ${d.refundedMinor} from ${d} where ${dims(d)} and ${within(sql`${d.day}`, da, db, true) ?? sql`true`}`,
    );
    if (a !== null && da !== null && a < da) cells.push(hourCells(a, da));
    if (b !== null && db !== null && db < b) cells.push(hourCells(db, b));
  } else {
    cells.push(hourCells(a, b));
  }

  const byStatusOnly = given.every(([k]) => statusFilters.has(k));
  const series = byStatusOnly
    ? sql`select ${hs.hour} as t, ${hs.status} as status, ${hs.count} as n, ${hs.amountMinor} as amount from ${hs}
           where ${hs.organizationId} = ${scope.organizationId} and ${merchantCondition(hs.merchantId, { merchantIds: merchantKeys })}
             ${filters.status ? sql`and ${hs.status} = ${filters.status}` : sql``} and ${within(sql`${hs.hour}`, a, b) ?? sql`true`}`
    : sql`select ${h.hour} as t, ${h.status} as status, ${h.count} as n, ${h.amountMinor} as amount from ${h} where ${dims(h)} and ${within(sql`${h.hour}`, a, b) ?? sql`true`}`;

  // the partial hours at either end of created_at, from the rows (summaryWhere keeps the exact bounds)
  const edges = [a === null ? null : sql`${s.createdAt} < ${iso(a)}::timestamptz`, b === null ? null : sql`${s.createdAt} >= ${iso(b)}::timestamptz`]
    .filter((c): c is SQL => c !== null)
    .map((c) => and(where, c));
  return { series: [series, ...edges.map(rawSeries)], cells: [...cells, ...edges.map(rawCells)] };
}

function bucketExpression(bucket: StatsQuery['bucket'], tz: string): SQL {
  if (bucket === 'hour') {
    // the instant minus the seconds elapsed in its local hour: two local 01:00 hours of a DST change stay apart
    return sql`(t - mod(extract(epoch from (t at time zone ${tz}::text)), 3600) * interval '1 second')`;
  }
  return sql`(date_trunc(${bucket}::text, t at time zone ${tz}::text) at time zone ${tz}::text)`;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The earliest and latest hour the rollup holds for the organization (the span an open range covers). */
async function dataSpan(db: Db, scope: RowScope): Promise<[number, number] | null> {
  const result = await db.execute(
    sql`select (extract(epoch from min(${hs.hour})) * 1000)::bigint::text as lo, (extract(epoch from max(${hs.hour})) * 1000 + 3600000)::bigint::text as hi
          from ${hs} where ${hs.organizationId} = ${scope.organizationId} and ${hs.merchantId} = '*'`,
  );
  const row = rowsOf<{ lo: string | null; hi: string | null }>(result)[0];
  return row?.lo && row.hi ? [Number(row.lo), Number(row.hi)] : null;
}

export interface StatsData {
  series: SeriesRow[];
  cells: CellRow[];
}

/** The series (bucket × status) and the cells (status × acquirer × brand × method) of the matching summaries. */
export async function statsData(db: Db, scope: RowScope, filters: SummaryFilters, bucket: StatsQuery['bucket'], tz: string, totalsOnly = false): Promise<StatsData> {
  const created = filters.created_at === undefined ? null : parseCreatedAtFilter(filters.created_at);
  const open = created?.fromNs == null || created.toNs == null;
  const src = sources(scope, filters, tz, open ? await dataSpan(db, scope) : null);
  const cellsQuery = sql`select status, acquirer, card_brand, payment_method, sum_int8(n)::text as n, sum_int8(amount)::text as amount,
      sum_int8(captured)::text as captured, sum_int8(refunded)::text as refunded
    from (${sql.join(src.cells, sql` union all `)}) as c(status, acquirer, card_brand, payment_method, n, amount, captured, refunded) group by 1, 2, 3, 4`;
  const seriesQuery = sql`with base as (${sql.join(src.series, sql` union all `)}),
    b as (select ${bucketExpression(bucket, tz)} as bucket, status, n, amount from base)
    select (extract(epoch from bucket) * 1000)::bigint::text as bucket_ms,
           extract(epoch from (bucket at time zone ${tz}::text) - (bucket at time zone 'UTC'))::int as offset_s,
           status, sum_int8(n)::text as n, sum_int8(amount)::text as amount
      from b group by bucket, status`;
  const [cells, series] = await Promise.all([db.execute(cellsQuery), totalsOnly ? Promise.resolve([]) : db.execute(seriesQuery)]);
  return { cells: rowsOf<CellRow>(cells), series: rowsOf<SeriesRow>(series).map((r) => ({ ...r, offset_s: Number(r.offset_s) })) };
}

/**
 * The period to compare a bounded created_at filter [from, to) with: [from - (to - from), from), or, while the period
 * is running (from <= now < to), like for like: the same elapsed span of the previous one, [from - (to - from),
 * from - (to - from) + (now - from)), with `until` = now, the point both are compared up to (Monday to Wednesday 17:00
 * against Monday to Wednesday 17:00). Null when either end is open.
 */
export function previousPeriod(createdAt: string | undefined, nowMs: number): { from: string; to: string; until: string | null } | null {
  const range = createdAt === undefined ? null : parseCreatedAtFilter(createdAt);
  if (range?.fromNs == null || range.toNs == null) return null;
  const isoOf = (ns: bigint) => new Date(Number(ns / NS_PER_MS)).toISOString();
  const length = range.toNs - range.fromNs;
  const nowNs = BigInt(Math.floor(nowMs)) * NS_PER_MS;
  const running = nowNs >= range.fromNs && nowNs < range.toNs;
  const from = range.fromNs - length;
  return { from: isoOf(from), to: isoOf(running ? from + (nowNs - range.fromNs) : range.fromNs), until: running ? isoOf(nowNs) : null };
}
