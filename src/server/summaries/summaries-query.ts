import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SummaryOrderField } from '../../contract/enums.ts';
import { parseAmountFilter, parseCreatedAtFilter } from '../../contract/filters.ts';
import type { SummaryFilters, SummaryQuery } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import { Binder, driverRows, inline, pageWindow, preparedOnce, type Bind } from '../db/prepared.ts';
import { keysetSegments, keysetShape, readDirection, type Cursor, type KeysetOrder, type KeysetPosition, type KeysetSegment } from '../lists/keyset.ts';
import { cycles, merchants, transactionSummaries as s } from '../db/schema.ts';
import { ceilMicros, microsToIso } from '../lib/instants.ts';
import { offsetOf } from '../lists/paging.ts';
import { identifierVariants } from '../lists/identifier-variants.ts';
import { merchantCondition, type RowScope } from '../lists/scope.ts';
import { isoFromPg, type CycleRecord, type SummaryRecord } from './summary-record.ts';

/** A summary as Drizzle maps it (exports); list pages use the driver's SummaryRecord. */
export type SummaryRow = typeof s.$inferSelect & { merchantName: string | null };
import { cappedCount, defaultCountCap, type TotalCount } from '../lists/total-count.ts';


/** WHERE of a summaries query: the caller's scope and every filter (values through `bind`, see db/prepared.ts). */
export function summaryWhere(scope: RowScope, query: SummaryFilters, bind: Bind = inline): SQL | undefined {
  const conditions: (SQL | undefined)[] = [sql`${s.organizationId} = ${bind('org', scope.organizationId)}`];
  conditions.push(merchantCondition(s.merchantId, scope, bind));
  if (query.acquirer) conditions.push(sql`${s.acquirer} = ${bind('acquirer', query.acquirer)}`);
  if (query.payment_method) conditions.push(sql`${s.paymentMethod} = ${bind('payment_method', query.payment_method)}`);
  if (query.status) conditions.push(sql`${s.status} = ${bind('status', query.status)}`);
  if (query.card_brand) conditions.push(sql`${s.cardBrand} = ${bind('card_brand', query.card_brand)}`);
  // the card columns are indexed in byte order (collation "C"): compare them in that collation so those
  // indexes serve the filters (equality is byte equality either way; a C B-tree serves a LIKE prefix)
  if (query.card_last_digits) conditions.push(sql`${s.cardLastDigits} collate "C" = ${bind('card_last_digits', query.card_last_digits)}`);
  if (query.card_first_digits) {
    // digits only, so no LIKE escaping is needed
    conditions.push(sql`${s.cardFirstDigits} collate "C" like ${bind('card_first_digits', `${query.card_first_digits}%`)}`);
  }
  const amount = query.amount === undefined ? null : parseAmountFilter(query.amount);
  if (amount?.min != null) conditions.push(sql`${s.amountMinor} >= ${bind('amount_min', String(amount.min))}::bigint`);
  if (amount?.max != null) conditions.push(sql`${s.amountMinor} <= ${bind('amount_max', String(amount.max))}::bigint`);
  const created = query.created_at === undefined ? null : parseCreatedAtFilter(query.created_at);
  if (created?.fromNs != null) conditions.push(sql`${s.createdAt} >= ${bind('created_from', microsToIso(ceilMicros(created.fromNs)))}::timestamptz`);
  if (created?.toNs != null) conditions.push(sql`${s.createdAt} < ${bind('created_to', microsToIso(ceilMicros(created.toNs)))}::timestamptz`);
  if (query.merchant_id) conditions.push(sql`${s.merchantId} = ${bind('merchant_id', query.merchant_id)}`);
  // a cycle of the summary was answered with the code (each summary's cycles by the cycles' summary index)
  if (query.response_code) conditions.push(sql`exists (select 1 from ${cycles} where ${cycles.summaryId} = ${s.id} and ${cycles.responseCode} = ${bind('response_code', query.response_code)})`);
  if (query.q) conditions.push(identifierMatch(identifierVariants(query.q).map((v, i) => bind(`q${i}`, v))));
  return and(...conditions);
}

/**
 * `q`: the summaries one identifier names. Written as `id IN (UNION ALL of one indexed lookup per identifier)`
 * rather than an OR across the join, so each arm is an index probe and the handful of ids they yield meet the
 * summaries by primary key (an OR with a sub-select would scan every summary). The numeric ones (RRN, STAN/NSU,
 * authorization code) are probed under each spelling of `variants` (with or without leading zeros, see
 * lists/identifier-variants.ts): `col in (…4 values)`, still index probes; ids are matched as given.
 */
function identifierMatch(variants: unknown[]): SQL {
  const [q] = variants;
  const any = sql.join(variants.map((v) => sql`${v}`), sql`, `);
  return sql`${s.id} in (
    select ${q}::text
    union all select ${s.id} from ${s} where ${s.gatewayTransactionId} = ${q}
    union all select ${cycles.summaryId} from ${cycles} where ${cycles.gatewayTransactionId} = ${q}
    union all select ${cycles.summaryId} from ${cycles} where ${cycles.retrievalReferenceNumber} in (${any})
    union all select ${cycles.summaryId} from ${cycles} where ${cycles.systemTraceAuditNumber} in (${any})
    union all select ${cycles.summaryId} from ${cycles} where ${cycles.authorizationCode} in (${any})
  )`;
}

/** A summary row with its merchant's name (joined from merchants). */
export const summaryColumns = { ...getTableColumns(s), merchantName: merchants.name };

const orderColumns: Record<SummaryOrderField, { column: AnyPgColumn; text: boolean; type: KeysetOrder['type']; nullable: boolean }> = {
  created_at: { column: s.createdAt, text: false, type: 'timestamptz', nullable: false },
  amount: { column: s.amountMinor, text: false, type: 'bigint', nullable: false },
  acquirer: { column: s.acquirer, text: true, type: 'text', nullable: false },
  payment_method: { column: s.paymentMethod, text: true, type: 'text', nullable: false },
  status: { column: s.status, text: true, type: 'text', nullable: false },
  card_brand: { column: s.cardBrand, text: true, type: 'text', nullable: true },
  card_first_digits: { column: s.cardFirstDigits, text: true, type: 'text', nullable: true },
  card_last_digits: { column: s.cardLastDigits, text: true, type: 'text', nullable: true },
};

/** The keyset of a summaries order: the same expression ORDER BY sorts by, then the id. */
export function summaryKeyset(field: SummaryOrderField, direction: 'asc' | 'desc'): KeysetOrder {
  const { column, text, type, nullable } = orderColumns[field];
  return { list: 'summaries', key: text ? sql`${column} collate "C"` : sql`${column}`, type, nullable, id: s.id, direction };
}

const positionValue: Record<SummaryOrderField, (row: SummaryRecord) => string | null> = {
  created_at: (row) => isoFromPg(row.created_at),
  amount: (row) => String(row.amount_minor),
  acquirer: (row) => row.acquirer,
  payment_method: (row) => row.payment_method,
  status: (row) => row.status,
  card_brand: (row) => row.card_brand,
  card_first_digits: (row) => row.card_first_digits,
  card_last_digits: (row) => row.card_last_digits,
};

/** Where a summary stands in an order: its sort value and id (a cursor's content). */
export const summaryPosition = (field: SummaryOrderField, row: SummaryRecord): KeysetPosition => ({ value: positionValue[field](row), id: row.id });

/**
 * ORDER BY: text fields compare bytewise (COLLATE "C") on every database; NULL card fields (pix) follow
 * PostgreSQL's default, last when ascending and first when descending; ties are broken by id, same direction.
 */
export function summaryOrder(field: SummaryOrderField, direction: 'asc' | 'desc'): SQL[] {
  const { column, text } = orderColumns[field];
  const by = direction === 'asc' ? asc : desc;
  const primary = text ? sql`${column} collate "C" ${sql.raw(direction)}` : by(column);
  return [primary, by(s.id)];
}

/**
 * One page of summaries (`extra` more rows than the limit, to tell whether a next page exists), as a deferred
 * join: the page's ids come from an index-only scan (which skips OFFSET entries and checks a merchant scope
 * inside the index), and only the page's own rows are read from the table. Prepared once per shape.
 */
export async function findSummaries(db: Db, scope: RowScope, query: SummaryQuery, extra = 0, cursor: Cursor | null = null): Promise<SummaryRecord[]> {
  const wanted = query.limit + extra;
  if (!cursor) return readSummaries(db, scope, query, wanted, offsetOf(query), null, null, 0);
  // rel="last": the first rows of the reverse order, no seek condition
  if (!cursor.at) return readSummaries(db, scope, query, wanted, 0, cursor, null, 0);
  // a cursor: the keyset's segments in turn (two only where NULL card fields meet the values)
  const keyset = summaryKeyset(query.order_by, query.order_direction);
  const segments = keysetSegments(keyset, cursor.at, readDirection(keyset, cursor));
  const rows: SummaryRecord[] = [];
  for (const [index, segment] of segments.entries()) {
    if (rows.length >= wanted) break;
    rows.push(...(await readSummaries(db, scope, query, wanted - rows.length, 0, cursor, segment, index)));
  }
  return rows;
}

async function readSummaries(
  db: Db,
  scope: RowScope,
  query: SummaryQuery,
  limit: number,
  offset: number,
  cursor: Cursor | null,
  segment: KeysetSegment | null,
  index: number,
): Promise<SummaryRecord[]> {
  const binder = new Binder();
  const keyset = summaryKeyset(query.order_by, query.order_direction);
  const direction = readDirection(keyset, cursor);
  const filters = summaryWhere(scope, query, binder.bind);
  const where = segment ? and(filters, segment(binder.bind)) : filters;
  const order = summaryOrder(query.order_by, direction);
  // a prefix (LIKE) filter selects an index range only a plan made for its value can use
  const window = pageWindow(limit, offset, !query.card_first_digits);
  const statement = preparedOnce(db, `summaries-page|${query.order_by}|${direction}|${keysetShape(cursor, index)}|${binder.shape}|${window.shape}`, (name) => {
    const page = db
      .select({ pageId: s.id })
      .from(s)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return db
      .select(summaryColumns)
      .from(s)
      .innerJoin(page, eq(s.id, page.pageId))
      .leftJoin(merchants, eq(merchants.id, s.merchantId))
      .orderBy(...order)
      .prepare(name);
  });
  return driverRows<SummaryRecord>(statement, { ...binder.values, ...window.values });
}

/** One summary by id, when the caller's scope sees it. */
export async function findSummary(db: Db, scope: RowScope, id: string): Promise<SummaryRecord | undefined> {
  const binder = new Binder();
  const merchant = merchantCondition(s.merchantId, scope, binder.bind);
  const statement = preparedOnce(db, `summary-by-id|${binder.shape}`, (name) => {
    const conditions = [eq(s.id, sql.placeholder('id')), eq(s.organizationId, sql.placeholder('org')), merchant];
    return db
      .select(summaryColumns)
      .from(s)
      .leftJoin(merchants, eq(merchants.id, s.merchantId))
      .where(and(...conditions))
      .prepare(name);
  });
  const [row] = await driverRows<SummaryRecord>(statement, { id, org: scope.organizationId, ...binder.values });
  return row;
}

/** The number of matching rows: exact up to `cap`, an estimate above it (see cappedCount). */
export async function countSummaries(db: Db, scope: RowScope, query: SummaryQuery, cap = defaultCountCap): Promise<TotalCount> {
  return cappedCount(db, s, summaryWhere(scope, query), cap);
}

/** Every cycle of the given summaries in one prepared query (the ids as one array), in summary then sequence order. */
export async function findCycles(db: Db, summaryIds: string[]): Promise<CycleRecord[]> {
  if (summaryIds.length === 0) return [];
  const statement = preparedOnce(db, 'cycles-of', (name) =>
    db
      .select()
      .from(cycles)
      .where(sql`${cycles.summaryId} = any(${sql.placeholder('ids')}::text[])`)
      .orderBy(asc(cycles.summaryId), asc(cycles.seq))
      .prepare(name),
  );
  return driverRows<CycleRecord>(statement, { ids: summaryIds });
}
