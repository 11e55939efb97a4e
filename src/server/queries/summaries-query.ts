import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SummaryOrderField } from '../../contract/enums.ts';
import { parseAmountFilter, parseCreatedAtFilter } from '../../contract/filters.ts';
import type { SummaryQuery } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import { cycles, transactionSummaries as s } from '../db/schema.ts';
import { ceilMicros, microsToIso } from '../lib/instants.ts';
import { offsetOf } from '../lib/paging.ts';
import type { RowScope } from './scope.ts';

export type SummaryRow = typeof s.$inferSelect;
export type CycleRow = typeof cycles.$inferSelect;

const timestamptz = (ns: bigint) => sql`${microsToIso(ceilMicros(ns))}::timestamptz`;

/** WHERE of a summaries query: the caller's scope and every filter. */
export function summaryWhere(scope: RowScope, query: SummaryQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(s.organizationId, scope.organizationId)];
  if (scope.merchantId !== null) conditions.push(eq(s.merchantId, scope.merchantId));
  if (query.acquirer) conditions.push(eq(s.acquirer, query.acquirer));
  if (query.payment_method) conditions.push(eq(s.paymentMethod, query.payment_method));
  if (query.status) conditions.push(eq(s.status, query.status));
  if (query.card_brand) conditions.push(eq(s.cardBrand, query.card_brand));
  if (query.card_last_digits) conditions.push(eq(s.cardLastDigits, query.card_last_digits));
  if (query.card_first_digits) {
    // a prefix match that the text_pattern_ops index serves; digits only, so no LIKE escaping is needed
    conditions.push(sql`${s.cardFirstDigits} like ${`${query.card_first_digits}%`}`);
  }
  const amount = query.amount === undefined ? null : parseAmountFilter(query.amount);
  if (amount?.min != null) conditions.push(gte(s.amountMinor, amount.min));
  if (amount?.max != null) conditions.push(lte(s.amountMinor, amount.max));
  const created = query.created_at === undefined ? null : parseCreatedAtFilter(query.created_at);
  if (created?.fromNs != null) conditions.push(sql`${s.createdAt} >= ${timestamptz(created.fromNs)}`);
  if (created?.toNs != null) conditions.push(sql`${s.createdAt} < ${timestamptz(created.toNs)}`);
  return and(...conditions);
}

const orderColumns: Record<SummaryOrderField, { column: AnyPgColumn; text: boolean }> = {
  created_at: { column: s.createdAt, text: false },
  amount: { column: s.amountMinor, text: false },
  acquirer: { column: s.acquirer, text: true },
  payment_method: { column: s.paymentMethod, text: true },
  status: { column: s.status, text: true },
  card_brand: { column: s.cardBrand, text: true },
  card_first_digits: { column: s.cardFirstDigits, text: true },
  card_last_digits: { column: s.cardLastDigits, text: true },
};

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

export async function findSummaries(db: Db, scope: RowScope, query: SummaryQuery): Promise<SummaryRow[]> {
  return db
    .select()
    .from(s)
    .where(summaryWhere(scope, query))
    .orderBy(...summaryOrder(query.order_by, query.order_direction))
    .limit(query.limit)
    .offset(offsetOf(query));
}

/** Exact count of the matching rows (kept separate so a cheaper estimate can replace it). */
export async function countSummaries(db: Db, scope: RowScope, query: SummaryQuery): Promise<number> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(s).where(summaryWhere(scope, query));
  return Number(row?.n ?? 0);
}

/** Every cycle of the given summaries in one query, in summary then sequence order. */
export async function findCycles(db: Db, summaryIds: string[]): Promise<CycleRow[]> {
  if (summaryIds.length === 0) return [];
  return db.select().from(cycles).where(inArray(cycles.summaryId, summaryIds)).orderBy(asc(cycles.summaryId), asc(cycles.seq));
}
