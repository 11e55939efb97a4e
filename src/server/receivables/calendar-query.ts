import { and, type AnyColumn, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ArrangementEntry, ArrangementsQuery, CalendarEntry, CalendarQuery } from '../../contract/receivables.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { merchants, receivableDaily as d } from '../db/schema.ts';
import { addDays } from './business-calendar.ts';
import { dimensionWhere, rollupFilter, seesCost, totalsSql, totalsView } from './query.ts';
import { unitKey } from './receivable-view.ts';
import { nextMonthOf, type Rollup, rollupTotalsOf, type TotalsRow, within } from './rollup-sums.ts';

/**
 * Per unit (UR): receivable_daily grouped by receiver (the merchant's CNPJ: merchants sharing one add up), arrangement,
 * acquirer and date in the database, sorted by date then unit key.
 */
// named, so the unit rows can also be a subquery (the arrangements)
const aliased = Object.fromEntries(Object.entries(totalsSql).map(([k, v]) => [k, v.as(k)])) as { [K in keyof typeof totalsSql]: SQL.Aliased<string> };
const unitRows = (db: Db, where: SQL | undefined) =>
  db
    .select({ dueDate: d.dueDate, receiverTaxId: merchants.taxId, brand: d.brand, product: d.product, acquirer: d.acquirer, ...aliased })
    .from(d)
    .innerJoin(merchants, eq(merchants.id, d.merchantId))
    .where(where)
    .groupBy(d.dueDate, merchants.taxId, d.brand, d.product, d.acquirer);

async function unitEntries(db: Db, where: SQL | undefined, withCost: boolean): Promise<CalendarEntry[]> {
  const units = await unitRows(db, where);
  const keyed = units.map((u) => ({ u, key: unitKey(u) }));
  keyed.sort((a, b) => (a.u.dueDate < b.u.dueDate ? -1 : a.u.dueDate > b.u.dueDate ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ u, key }) => ({ dueDate: u.dueDate, receiverTaxId: u.receiverTaxId, brand: u.brand, product: u.product, acquirer: u.acquirer, unitKey: key, ...totalsView(u, withCost) }));
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

/** The range's where clause over receivable_daily, cancelled receivables (nothing left to pay) left out unless a status is asked for. */
function rangeWhere(caller: Caller, q: ArrangementsQuery, today: string, from: string, to: string) {
  const filters = { merchant_id: q.merchant_id, acquirer: q.acquirer, status: q.status };
  const where = and(...dimensionWhere(d, caller, filters, today), gte(d.dueDate, from), lte(d.dueDate, to));
  return { filters, where, live: q.status === undefined ? ne(d.status, 'cancelled') : sql`true` };
}

/**
 * Per arrangement (brand and product) and acquirer: the units (UR) of the range grouped again in the database, so the
 * answer is a few dozen rows however many merchants and days the range holds. Largest net first, then by key.
 */
export async function arrangements(db: Db, caller: Caller, q: ArrangementsQuery, today: string) {
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 90);
  const { where, live } = rangeWhere(caller, q, today, from, to);
  const u = unitRows(db, and(where, live)).as('u');
  const rows = await db
    .select({
      brand: u.brand,
      product: u.product,
      acquirer: u.acquirer,
      units: sql<string>`count(*)`,
      ...{ count: sql<string>`sum(${u.count})`, gross: sql<string>`sum(${u.gross})`, fee: sql<string>`sum(${u.fee})`, net: sql<string>`sum(${u.net})`, cost: sql<string>`sum(${u.cost})` },
    })
    .from(u)
    .groupBy(u.brand, u.product, u.acquirer);
  const withCost = seesCost(caller);
  rows.sort((a, b) => {
    const byNet = BigInt(b.net) - BigInt(a.net);
    return byNet > 0n ? 1 : byNet < 0n ? -1 : `${a.brand}|${a.product}|${a.acquirer}`.localeCompare(`${b.brand}|${b.product}|${b.acquirer}`);
  });
  const data = rows.map((r): ArrangementEntry => ({ brand: r.brand, product: r.product, acquirer: r.acquirer, units: Number(r.units), ...totalsView(r, withCost) }));
  return { from, to, data, totals: totalsView(rows.reduce(add, none), withCost) };
}

/**
 * Per day or per unit (UR) from receivable_daily, in two statements: the range's days (what is due, and what of it was
 * settled, whose sums are the range's totals) and, from the rollups, this month, next month and overdue (whole months
 * from receivable_monthly). Cancelled receivables (nothing left to pay) are left out unless asked for.
 */
export async function calendar(db: Db, caller: Caller, q: CalendarQuery, today: string) {
  const from = q.from ?? today;
  const to = q.to ?? addDays(from, 90);
  const withCost = seesCost(caller);
  const { filters, where, live } = rangeWhere(caller, q, today, from, to);
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
    q.group_by === 'unit' ? unitEntries(db, and(where, live), withCost) : null,
  ]);
  const due = days.filter((g) => g.count !== '0');
  const totals = due.reduce(add, none);
  const settled = days.map((g) => ({ count: g.paidCount, gross: g.paidGross, fee: g.paidFee, net: g.paidNet, cost: g.paidCost })).reduce(add, none);
  const data = units ?? due.map((g): CalendarEntry => ({ dueDate: g.dueDate, ...totalsView(g, withCost) }));
  const summary = { thisMonth: totalsView(thisMonthTotals, withCost), nextMonth: totalsView(nextMonthTotals, withCost), settled: totalsView(settled, withCost), overdue: totalsView(overdue, withCost) };
  return { from, to, groupBy: q.group_by, data, totals: totalsView(totals, withCost), summary };
}
