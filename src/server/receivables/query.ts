import { and, asc, eq, gt, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { minorToDecimal } from '../../contract/money.ts';
import { parseDueDateRange, type ReceivableQuery, type ReceivableStatus } from '../../contract/receivables.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { receivableDaily as d, receivables as r } from '../db/schema.ts';
import { inline } from '../db/prepared.ts';
import { fingerprint, keysetAfter, type KeysetOrder, type KeysetPosition } from '../lists/keyset.ts';
import { merchantCondition } from '../lists/scope.ts';
import { addDays } from './business-calendar.ts';
import { type DueSpan, type Rollup, rollupTotals, type TotalsRow, within } from './rollup-sums.ts';

/** The caller sees the margin (cost fees) with margin:read on an organization token only. */
export const seesCost = (caller: Caller): boolean => caller.merchantIds === null && caller.scopes.includes('margin:read');

/** The status filter on either table: overdue and scheduled split the stored 'scheduled' at today. */
function statusWhere(table: typeof r | typeof d, status: ReceivableStatus | undefined, today: string): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'overdue') return and(eq(table.status, 'scheduled'), lt(table.dueDate, today));
  if (status === 'scheduled') return and(eq(table.status, 'scheduled'), gte(table.dueDate, today));
  return eq(table.status, status);
}

export type Filters = Pick<ReceivableQuery, 'merchant_id' | 'acquirer' | 'brand' | 'payment_method' | 'status' | 'due_date'>;

/** The filters both tables share (receivables and receivable_daily have the same dimension columns). */
export function dimensionWhere(table: typeof r | typeof d, caller: Caller, q: Filters, today: string): SQL[] {
  const where: (SQL | undefined)[] = [eq(table.organizationId, caller.organizationId)];
  where.push(merchantCondition(table.merchantId, caller));
  if (q.merchant_id !== undefined) where.push(eq(table.merchantId, q.merchant_id));
  if (q.acquirer !== undefined) where.push(eq(table.acquirer, q.acquirer));
  if (q.brand !== undefined) where.push(eq(table.brand, q.brand));
  if (q.payment_method !== undefined) where.push(eq(table.paymentMethod, q.payment_method));
  where.push(statusWhere(table, q.status, today));
  const range = q.due_date === undefined ? null : parseDueDateRange(q.due_date);
  if (range?.from) where.push(gte(table.dueDate, range.from));
  if (range?.to) where.push(lte(table.dueDate, range.to));
  return where.filter((w): w is SQL => w !== undefined);
}

/** The list's order (lists/keyset.ts): due date, then id. */
export const receivableOrder: KeysetOrder = { list: 'receivables', key: sql`${r.dueDate}`, type: 'date', nullable: false, id: r.id, direction: 'asc' };
/** what a cursor of this list is bound to: its filters */
export const receivablePrint = (q: ReceivableQuery): string => fingerprint(receivableOrder.list, 'due_date', receivableOrder.direction, q);
/** where the page after `row` starts */
export const positionOf = (row: { dueDate: string; id: string }): KeysetPosition => ({ value: row.dueDate, id: row.id });

/** A page in due date order (then id), from after the cursor: limit + 1 rows say whether more follow. */
export async function findReceivables(db: Db, caller: Caller, q: ReceivableQuery, today: string, after: KeysetPosition | null, limit: number) {
  const where = dimensionWhere(r, caller, q, today);
  if (q.summary_id !== undefined) where.push(eq(r.summaryId, q.summary_id));
  if (after) where.push(keysetAfter(receivableOrder, after, receivableOrder.direction, inline));
  return db.select().from(r).where(and(...where)).orderBy(asc(r.dueDate), asc(r.id)).limit(limit);
}

/**
 * The filters on the rollups (receivable_daily, receivable_monthly): the dimensions, the stored status (overdue and
 * scheduled are 'scheduled' before or from today) and the span of due dates they allow.
 */
export function rollupFilter(caller: Caller, q: Filters, today: string): { dims: (t: Rollup) => SQL[]; span: DueSpan } {
  const dims = (t: Rollup): SQL[] => {
    const where: (SQL | undefined)[] = [eq(t.organizationId, caller.organizationId)];
    where.push(merchantCondition(t.merchantId, caller));
    if (q.merchant_id !== undefined) where.push(eq(t.merchantId, q.merchant_id));
    if (q.acquirer !== undefined) where.push(eq(t.acquirer, q.acquirer));
    if (q.brand !== undefined) where.push(eq(t.brand, q.brand));
    if (q.payment_method !== undefined) where.push(eq(t.paymentMethod, q.payment_method));
    if (q.status !== undefined) where.push(eq(t.status, q.status === 'overdue' ? 'scheduled' : q.status));
    return where.filter((w): w is SQL => w !== undefined);
  };
  const range = q.due_date === undefined ? null : parseDueDateRange(q.due_date);
  const span: DueSpan = { from: range?.from ?? undefined, to: range?.to ?? undefined };
  if (q.status === 'overdue') return { dims, span: within(span, { to: addDays(today, -1) }) };
  if (q.status === 'scheduled') return { dims, span: within(span, { from: today }) };
  return { dims, span };
}

/** The exact count for the filters, from the rollups (a sale's own receivables are counted directly). */
export async function countReceivables(db: Db, caller: Caller, q: ReceivableQuery, today: string): Promise<number> {
  if (q.summary_id !== undefined) {
    const [row] = await db.select({ n: sql<string>`count(*)` }).from(r).where(and(...dimensionWhere(r, caller, q, today), eq(r.summaryId, q.summary_id)));
    return Number(row?.n ?? 0);
  }
  const { dims, span } = rollupFilter(caller, q, today);
  return Number((await rollupTotals(db, dims, span)).count);
}

export const totalsSql = {
  count: sql<string>`coalesce(sum(${d.count}), 0)`,
  gross: sql<string>`coalesce(sum(${d.grossMinor}), 0)`,
  fee: sql<string>`coalesce(sum(${d.feeMinor}), 0)`,
  net: sql<string>`coalesce(sum(${d.netMinor}), 0)`,
  cost: sql<string>`coalesce(sum(${d.costFeeMinor}), 0)`,
};

export function totalsView(row: TotalsRow | undefined, withCost: boolean) {
  const t = row ?? { count: '0', gross: '0', fee: '0', net: '0', cost: '0' };
  return {
    count: Number(t.count),
    gross: minorToDecimal(t.gross),
    fee: minorToDecimal(t.fee),
    net: minorToDecimal(t.net),
    ...(withCost ? { costFee: minorToDecimal(t.cost), margin: minorToDecimal(BigInt(t.fee) - BigInt(t.cost)) } : {}),
  };
}

/** The platform's margin (price fees − cost fees) per acquirer, merchant or month of the due date. */
export async function margin(db: Db, caller: Caller, from: string, to: string, groupBy: 'acquirer' | 'merchant' | 'month') {
  const key = groupBy === 'acquirer' ? d.acquirer : groupBy === 'merchant' ? d.merchantId : sql<string>`to_char(${d.dueDate}, 'YYYY-MM')`;
  const rows = await db
    .select({ key, ...totalsSql })
    .from(d)
    .where(and(eq(d.organizationId, caller.organizationId), gte(d.dueDate, from), lte(d.dueDate, to), ne(d.status, 'cancelled')))
    .groupBy(key)
    .orderBy(key);
  return rows.map((row) => {
    const t = totalsView(row, true);
    return { key: String(row.key), count: t.count, gross: t.gross, fee: t.fee, costFee: t.costFee ?? '0.00', margin: t.margin ?? '0.00' };
  });
}

/** The merchant's open units after today: net per unit (UR) for the anticipation simulator. */
export async function openUnits(db: Db, organizationId: string, merchantId: string, today: string) {
  return db
    .select({ dueDate: d.dueDate, acquirer: d.acquirer, brand: d.brand, product: d.product, net: sql<string>`coalesce(sum(${d.netMinor}), 0)` })
    .from(d)
    .where(and(eq(d.organizationId, organizationId), eq(d.merchantId, merchantId), eq(d.status, 'scheduled'), gt(d.dueDate, today)))
    .groupBy(d.dueDate, d.acquirer, d.brand, d.product)
    .orderBy(d.dueDate, d.acquirer, d.brand, d.product);
}
