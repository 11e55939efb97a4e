import { and, eq, sql, type SQL } from 'drizzle-orm';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import type { StatsQuery } from '../../contract/stats.ts';
import type { SummaryFilters } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import { summaryRollup as r, transactionSummaries as s } from '../db/schema.ts';
import { hourAligned } from '../lib/time-zones.ts';
import type { RowScope } from './scope.ts';
import { summaryWhere } from './summaries-query.ts';

const MS_PER_HOUR = 3_600_000;
const NS_PER_MS = 1_000_000n;

/** Filters the hourly rollup carries as columns; any other filter is answered from the rows themselves. */
const rollupFilters = new Set(['created_at', 'acquirer', 'payment_method', 'status', 'card_brand', 'merchant_id']);

export interface StatsGroupRow extends Record<string, unknown> {
  /** 15: status; 7: bucket × status; 11: acquirer × status; 13: brand × status; 14: method × status */
  g: number;
  bucket_ms: string | null;
  offset_s: number | null;
  status: string;
  acquirer: string | null;
  card_brand: string | null;
  payment_method: string | null;
  n: string;
  amount: string;
}

export const groupSets = { status: 15, bucket: 7, acquirer: 11, cardBrand: 13, paymentMethod: 14 } as const;

interface Plan {
  /** rows of the rollup in [alignedFrom, alignedTo) */
  rollup: SQL | null;
  /** the summaries outside that span (all of them without a rollup) */
  raw: SQL | null;
}

/** Where the stats come from: the rollup for whole hours when the filters and time zone allow, the rows otherwise. */
function plan(scope: RowScope, filters: SummaryFilters, tz: string, dataSpanMs: [number, number] | null): Plan {
  const where = summaryWhere(scope, filters);
  const given = Object.entries(filters).filter(([, v]) => v !== undefined);
  const merchantFilter = (filters as Record<string, unknown>).merchant_id;
  const usable = given.every(([k, v]) => rollupFilters.has(k) && (k !== 'merchant_id' || typeof v === 'string'));
  const merchant = scope.merchantId ?? (typeof merchantFilter === 'string' ? merchantFilter : '*');
  const conflicting = scope.merchantId !== null && typeof merchantFilter === 'string' && merchantFilter !== scope.merchantId;
  const created = filters.created_at === undefined ? null : parseCreatedAtFilter(filters.created_at);
  const fromMs = created?.fromNs == null ? null : Math.ceil(Number(created.fromNs / NS_PER_MS) / MS_PER_HOUR) * MS_PER_HOUR;
  const toMs = created?.toNs == null ? null : Math.floor(Number(created.toNs / NS_PER_MS) / MS_PER_HOUR) * MS_PER_HOUR;
  // a bucket edge of the time zone must fall on a UTC hour everywhere in the span the rollup answers
  const spanFrom = fromMs ?? dataSpanMs?.[0];
  const spanTo = toMs ?? dataSpanMs?.[1];
  const aligned = spanFrom === undefined || spanTo === undefined || spanFrom >= spanTo || hourAligned(tz, spanFrom, spanTo);
  if (!usable || conflicting || !aligned || (fromMs !== null && toMs !== null && fromMs >= toMs)) return { rollup: null, raw: where ?? null };
  const from = fromMs === null ? null : new Date(fromMs).toISOString();
  const to = toMs === null ? null : new Date(toMs).toISOString();
  const rollupWhere = and(
    eq(r.organizationId, scope.organizationId),
    eq(r.merchantId, merchant),
    from === null ? undefined : sql`${r.hour} >= ${from}::timestamptz`,
    to === null ? undefined : sql`${r.hour} < ${to}::timestamptz`,
    filters.status ? eq(r.status, filters.status) : undefined,
    filters.acquirer ? eq(r.acquirer, filters.acquirer) : undefined,
    filters.payment_method ? eq(r.paymentMethod, filters.payment_method) : undefined,
    filters.card_brand ? eq(r.cardBrand, filters.card_brand) : undefined,
  );
  const outside = [from === null ? null : sql`${s.createdAt} < ${from}::timestamptz`, to === null ? null : sql`${s.createdAt} >= ${to}::timestamptz`].filter(
    (c): c is SQL => c !== null,
  );
  const raw = outside.length === 0 ? null : (and(where, sql`(${sql.join(outside, sql` or `)})`) ?? null);
  return { rollup: rollupWhere ?? null, raw: raw ?? null };
}

function bucketExpression(bucket: StatsQuery['bucket'], tz: string): SQL {
  if (bucket === 'hour') {
    // the instant minus the seconds elapsed in its local hour: two local 01:00 hours of a DST change stay apart
    return sql`(t - mod(extract(epoch from (t at time zone ${tz}::text)), 3600) * interval '1 second')`;
  }
  return sql`(date_trunc(${bucket}::text, t at time zone ${tz}::text) at time zone ${tz}::text)`;
}

/** The earliest and latest hour the rollup holds for the organization (the span an open range covers). */
async function dataSpan(db: Db, scope: RowScope): Promise<[number, number] | null> {
  const rows = await db.execute<{ lo: string | null; hi: string | null }>(
    sql`select (extract(epoch from min(${r.hour})) * 1000)::bigint::text as lo, (extract(epoch from max(${r.hour})) * 1000 + 3600000)::bigint::text as hi
          from ${r} where ${r.organizationId} = ${scope.organizationId} and ${r.merchantId} = '*'`,
  );
  const row = (rows as unknown as { rows?: { lo: string | null; hi: string | null }[] }).rows?.[0] ?? (rows as unknown as { lo: string | null; hi: string | null }[])[0];
  return row?.lo && row.hi ? [Number(row.lo), Number(row.hi)] : null;
}

/**
 * Count and amount per status, and per (bucket | acquirer | brand | method) × status, in one pass over the
 * matching data (GROUPING SETS). `totalsOnly` computes the per-status sets alone.
 */
export async function statsGroups(db: Db, scope: RowScope, filters: SummaryFilters, bucket: StatsQuery['bucket'], tz: string, totalsOnly = false) {
  const created = filters.created_at === undefined ? null : parseCreatedAtFilter(filters.created_at);
  const open = created?.fromNs == null || created.toNs == null;
  const { rollup, raw } = plan(scope, filters, tz, open ? await dataSpan(db, scope) : null);
  const parts: SQL[] = [];
  if (rollup) {
    parts.push(sql`select ${r.hour} as t, ${r.status} as status, ${r.acquirer} as acquirer, ${r.paymentMethod} as payment_method,
      nullif(${r.cardBrand}, '') as card_brand, ${r.count} as n, ${r.amountMinor} as amount from ${r} where ${rollup}`);
  }
  if (raw) {
    parts.push(sql`select ${s.createdAt} as t, ${s.status} as status, ${s.acquirer} as acquirer, ${s.paymentMethod} as payment_method,
      ${s.cardBrand} as card_brand, 1::bigint as n, ${s.amountMinor} as amount from ${s} where ${raw}`);
  }
  if (parts.length === 0) return [];
  const base = sql`with base as (${sql.join(parts, sql` union all `)})`;
  const query = totalsOnly
    ? sql`${base} select ${groupSets.status}::int as g, null as bucket_ms, null as offset_s, status, null as acquirer, null as card_brand,
             null as payment_method, sum(n)::text as n, sum(amount)::text as amount from base group by status`
    : sql`${base}, b as (select ${bucketExpression(bucket, tz)} as bucket, status, acquirer, payment_method, card_brand, n, amount from base)
      select grouping(bucket, acquirer, card_brand, payment_method)::int as g,
             (extract(epoch from bucket) * 1000)::bigint::text as bucket_ms,
             extract(epoch from (bucket at time zone ${tz}::text) - (bucket at time zone 'UTC'))::int as offset_s,
             status, acquirer, card_brand, payment_method, sum(n)::text as n, sum(amount)::text as amount
        from b group by grouping sets ((status), (bucket, status), (acquirer, status), (card_brand, status), (payment_method, status))`;
  const result = await db.execute<StatsGroupRow>(query);
  return ((result as unknown as { rows?: StatsGroupRow[] }).rows ?? (result as unknown as StatsGroupRow[])).map((row) => ({ ...row, g: Number(row.g) }));
}
