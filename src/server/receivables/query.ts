import { and, asc, eq, gt, gte, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { minorToDecimal } from '../../contract/money.ts';
import { parseDueDateRange, type CalendarEntry, type CalendarQuery, type ReceivableQuery, type ReceivableStatus } from '../../contract/receivables.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { merchants, receivableDaily as d, receivables as r } from '../db/schema.ts';
import { merchantCondition } from '../lists/scope.ts';
import { addDays } from './business-calendar.ts';
import { unitKey } from './receivable-view.ts';

/** The caller sees the margin (cost fees) with margin:read on an organization token only. */
export const seesCost = (caller: Caller): boolean => caller.merchantIds === null && caller.scopes.includes('margin:read');

/** The status filter on either table: overdue and scheduled split the stored 'scheduled' at today. */
function statusWhere(table: typeof r | typeof d, status: ReceivableStatus | undefined, today: string): SQL | undefined {
  if (status === undefined) return undefined;
  if (status === 'overdue') return and(eq(table.status, 'scheduled'), lt(table.dueDate, today));
  if (status === 'scheduled') return and(eq(table.status, 'scheduled'), gte(table.dueDate, today));
  return eq(table.status, status);
}

type Filters = Pick<ReceivableQuery, 'merchant_id' | 'acquirer' | 'brand' | 'payment_method' | 'status' | 'due_date'>;

/** The filters both tables share (receivables and receivable_daily have the same dimension columns). */
function dimensionWhere(table: typeof r | typeof d, caller: Caller, q: Filters, today: string): SQL[] {
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

export interface ReceivableCursor {
  d: string;
  i: string;
}
export const encodeReceivableCursor = (c: ReceivableCursor): string => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeReceivableCursor(text: string): ReceivableCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<ReceivableCursor>;
    return typeof value.d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.d) && typeof value.i === 'string' && value.i.length <= 40 ? { d: value.d, i: value.i } : null;
  } catch {
    return null;
  }
}

/** A page in due date order (then id), from after the cursor: limit + 1 rows say whether more follow. */
export async function findReceivables(db: Db, caller: Caller, q: ReceivableQuery, today: string, after: ReceivableCursor | null, limit: number) {
  const where = dimensionWhere(r, caller, q, today);
  if (q.summary_id !== undefined) where.push(eq(r.summaryId, q.summary_id));
  if (after) where.push(or(gt(r.dueDate, after.d), and(eq(r.dueDate, after.d), gt(r.id, after.i))) as SQL);
  return db.select().from(r).where(and(...where)).orderBy(asc(r.dueDate), asc(r.id)).limit(limit);
}

/** The exact count for the filters, from the per-day totals (a sale's own receivables are counted directly). */
export async function countReceivables(db: Db, caller: Caller, q: ReceivableQuery, today: string): Promise<number> {
  if (q.summary_id !== undefined) {
    const [row] = await db.select({ n: sql<string>`count(*)` }).from(r).where(and(...dimensionWhere(r, caller, q, today), eq(r.summaryId, q.summary_id)));
    return Number(row?.n ?? 0);
  }
  const [row] = await db.select({ n: sql<string>`coalesce(sum(${d.count}), 0)` }).from(d).where(and(...dimensionWhere(d, caller, q, today)));
  return Number(row?.n ?? 0);
}

const totalsSql = {
  count: sql<string>`coalesce(sum(${d.count}), 0)`,
  gross: sql<string>`coalesce(sum(${d.grossMinor}), 0)`,
  fee: sql<string>`coalesce(sum(${d.feeMinor}), 0)`,
  net: sql<string>`coalesce(sum(${d.netMinor}), 0)`,
  cost: sql<string>`coalesce(sum(${d.costFeeMinor}), 0)`,
};

type TotalsRow = { count: string; gross: string; fee: string; net: string; cost: string };
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

const monthStart = (date: string) => `${date.slice(0, 8)}01`;
const nextMonthStart = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Per day or per unit (UR), from receivable_daily; cancelled receivables (nothing left to pay) are left out unless asked for. */
export async function calendar(db: Db, caller: Caller, q: CalendarQuery, today: string) {
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 90);
  const withCost = seesCost(caller);
  const base = dimensionWhere(d, caller, { merchant_id: q.merchant_id, acquirer: q.acquirer, status: q.status }, today);
  const live = q.status === undefined ? [ne(d.status, 'cancelled')] : [];
  const inRange = [gte(d.dueDate, from), lte(d.dueDate, to)];
  const where = and(...base, ...live, ...inRange);
  let data: CalendarEntry[];
  if (q.group_by === 'unit') {
    // grouped by merchant on receivable_daily alone (no join in the aggregate), the merchants' CNPJs looked up after
    const [units, people] = await Promise.all([
      db
        .select({ dueDate: d.dueDate, merchantId: d.merchantId, brand: d.brand, product: d.product, acquirer: d.acquirer, ...totalsSql })
        .from(d)
        .where(where)
        .groupBy(d.dueDate, d.merchantId, d.brand, d.product, d.acquirer),
      db.select({ id: merchants.id, taxId: merchants.taxId }).from(merchants).where(eq(merchants.organizationId, caller.organizationId)),
    ]);
    const taxIds = new Map(people.map((m) => [m.id, m.taxId]));
    // one unit per receiver: merchants sharing a CNPJ add up
    const byUnit = new Map<string, { dueDate: string; receiverTaxId: string; brand: string; product: string; acquirer: string; count: bigint; gross: bigint; fee: bigint; net: bigint; cost: bigint }>();
    for (const g of units) {
      const receiverTaxId = taxIds.get(g.merchantId) ?? '';
      const key = unitKey({ ...g, receiverTaxId });
      const u = byUnit.get(key) ?? { dueDate: g.dueDate, receiverTaxId, brand: g.brand, product: g.product, acquirer: g.acquirer, count: 0n, gross: 0n, fee: 0n, net: 0n, cost: 0n };
      u.count += BigInt(g.count);
      u.gross += BigInt(g.gross);
      u.fee += BigInt(g.fee);
      u.net += BigInt(g.net);
      u.cost += BigInt(g.cost);
      byUnit.set(key, u);
    }
    data = [...byUnit.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .sort(([, a], [, b]) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))
      .map(([key, u]) => ({
        dueDate: u.dueDate,
        receiverTaxId: u.receiverTaxId,
        brand: u.brand,
        product: u.product,
        acquirer: u.acquirer,
        unitKey: key,
        ...totalsView({ count: String(u.count), gross: String(u.gross), fee: String(u.fee), net: String(u.net), cost: String(u.cost) }, withCost),
      }));
  } else {
    const days = await db.select({ dueDate: d.dueDate, ...totalsSql }).from(d).where(where).groupBy(d.dueDate).orderBy(d.dueDate);
    data = days.map((g) => ({ dueDate: g.dueDate, ...totalsView(g, withCost) }));
  }
  const sumWhere = async (...extra: (SQL | undefined)[]) => {
    const [row] = await db.select(totalsSql).from(d).where(and(...base, ...extra));
    return totalsView(row, withCost);
  };
  const thisMonth = monthStart(today);
  const nextMonth = nextMonthStart(today);
  const [totals, thisMonthTotals, nextMonthTotals, settled, overdue] = await Promise.all([
    sumWhere(...live, ...inRange),
    sumWhere(ne(d.status, 'cancelled'), gte(d.dueDate, thisMonth), lt(d.dueDate, nextMonth)),
    sumWhere(ne(d.status, 'cancelled'), gte(d.dueDate, nextMonth), lt(d.dueDate, nextMonthStart(nextMonth))),
    sumWhere(or(eq(d.status, 'settled'), eq(d.status, 'adjusted')), ...inRange),
    sumWhere(eq(d.status, 'scheduled'), lt(d.dueDate, today)),
  ]);
  return { from, to, groupBy: q.group_by, data, totals, summary: { thisMonth: thisMonthTotals, nextMonth: nextMonthTotals, settled, overdue } };
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
