import { and, type AnyColumn, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { CalendarEntry, CalendarQuery } from '../../contract/receivables.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { merchants, receivableDaily as d } from '../db/schema.ts';
import { addDays } from './business-calendar.ts';
import { dimensionWhere, rollupFilter, seesCost, totalsSql, totalsView } from './query.ts';
import { unitKey } from './receivable-view.ts';
import { nextMonthOf, type Rollup, rollupTotalsOf, type TotalsRow, within } from './rollup-sums.ts';

type Unit = { dueDate: string; receiverTaxId: string; brand: string; product: string; acquirer: string; count: bigint; gross: bigint; fee: bigint; net: bigint; cost: bigint };

/** Per unit (UR): grouped by merchant on receivable_daily alone, the merchants' CNPJs looked up after; merchants sharing a CNPJ add up. */
async function unitEntries(db: Db, caller: Caller, where: SQL | undefined, withCost: boolean): Promise<CalendarEntry[]> {
  const [units, people] = await Promise.all([
    db
      .select({ dueDate: d.dueDate, merchantId: d.merchantId, brand: d.brand, product: d.product, acquirer: d.acquirer, ...totalsSql })
      .from(d)
      .where(where)
      .groupBy(d.dueDate, d.merchantId, d.brand, d.product, d.acquirer),
    db.select({ id: merchants.id, taxId: merchants.taxId }).from(merchants).where(eq(merchants.organizationId, caller.organizationId)),
  ]);
  const taxIds = new Map(people.map((m) => [m.id, m.taxId]));
  const byUnit = new Map<string, Unit>();
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
  return [...byUnit.entries()]
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
}

const sumIf = (column: SQL | AnyColumn, when: SQL) => sql<string>`coalesce(sum(${column}) filter (where ${when}), 0)`;
const add = (a: TotalsRow, b: TotalsRow): TotalsRow => ({
  count: String(BigInt(a.count) + BigInt(b.count)),
  gross: String(BigInt(a.gross) + BigInt(b.gross)),
  fee: String(BigInt(a.fee) + BigInt(b.fee)),
  net: String(BigInt(a.net) + BigInt(b.net)),
  cost: String(BigInt(a.cost) + BigInt(b.cost)),
});
const none: TotalsRow = { count: '0', gross: '0', fee: '0', net: '0', cost: '0' };

/**
 * Per day or per unit (UR) from receivable_daily, in two statements: the range's days (what is due, and what of it was
 * settled, whose sums are the range's totals) and, from the rollups, this month, next month and overdue (whole months
 * from receivable_monthly). Cancelled receivables (nothing left to pay) are left out unless asked for.
 */
export async function calendar(db: Db, caller: Caller, q: CalendarQuery, today: string) {
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 90);
  const withCost = seesCost(caller);
  const filters = { merchant_id: q.merchant_id, acquirer: q.acquirer, status: q.status };
  const where = and(...dimensionWhere(d, caller, filters, today), gte(d.dueDate, from), lte(d.dueDate, to));
  const live = q.status === undefined ? ne(d.status, 'cancelled') : sql`true`;
  const paid = inArray(d.status, ['settled', 'adjusted']);
  const { dims, span } = rollupFilter(caller, filters, today);
  const thisMonth = `${today.slice(0, 8)}01`;
  const nextMonth = nextMonthOf(today);
  const open = (t: Rollup) => [...dims(t), ne(t.status, 'cancelled')];
  const [days, [thisMonthTotals, nextMonthTotals, overdue], units] = await Promise.all([
    db
      .select({
        dueDate: d.dueDate,
        ...{ count: sumIf(d.count, live), gross: sumIf(d.grossMinor, live), fee: sumIf(d.feeMinor, live), net: sumIf(d.netMinor, live), cost: sumIf(d.costFeeMinor, live) },
        ...{ paidCount: sumIf(d.count, paid), paidGross: sumIf(d.grossMinor, paid), paidFee: sumIf(d.feeMinor, paid), paidNet: sumIf(d.netMinor, paid), paidCost: sumIf(d.costFeeMinor, paid) },
      })
      .from(d)
      .where(where)
      .groupBy(d.dueDate)
      .orderBy(d.dueDate),
    rollupTotalsOf(db, [
      { dims: open, span: within(span, { from: thisMonth, to: addDays(nextMonth, -1) }) },
      { dims: open, span: within(span, { from: nextMonth, to: addDays(nextMonthOf(nextMonth), -1) }) },
      { dims: (t) => [...dims(t), eq(t.status, 'scheduled')], span: within(span, { to: addDays(today, -1) }) },
    ]),
    q.group_by === 'unit' ? unitEntries(db, caller, and(where, live), withCost) : null,
  ]);
  const due = days.filter((g) => g.count !== '0');
  const totals = due.reduce(add, none);
  const settled = days.map((g) => ({ count: g.paidCount, gross: g.paidGross, fee: g.paidFee, net: g.paidNet, cost: g.paidCost })).reduce(add, none);
  const data = units ?? due.map((g): CalendarEntry => ({ dueDate: g.dueDate, ...totalsView(g, withCost) }));
  const summary = { thisMonth: totalsView(thisMonthTotals, withCost), nextMonth: totalsView(nextMonthTotals, withCost), settled: totalsView(settled, withCost), overdue: totalsView(overdue, withCost) };
  return { from, to, groupBy: q.group_by, data, totals: totalsView(totals, withCost), summary };
}
