import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { feePlans, feePlanVersions, merchants, receivables } from '../db/schema.ts';
import type { PlanVersion } from '../fee-plans/plan-rates.ts';
import type { PlanRef, Receivable, SalePlans } from './schedule.ts';

/** The plans and receivers of some organizations' merchants: what prices their sales. */
export interface PlanBook {
  plansOf(merchantId: string, acquirer: string): SalePlans;
  taxIdOf(merchantId: string): string;
}

/** Reads the price and cost plans (every version) of the organizations, and the merchants' plan and CNPJ. */
export async function loadPlanBook(tx: Db, organizationIds: readonly string[]): Promise<PlanBook> {
  const ids = [...new Set(organizationIds)];
  const [plans, versions, people] = await Promise.all([
    tx.select().from(feePlans).where(inArray(feePlans.organizationId, ids)),
    tx
      .select({ planId: feePlanVersions.planId, version: feePlanVersions.version, effectiveFrom: feePlanVersions.effectiveFrom, rates: feePlanVersions.rates, terms: feePlanVersions.terms })
      .from(feePlanVersions)
      .innerJoin(feePlans, eq(feePlans.id, feePlanVersions.planId))
      .where(inArray(feePlans.organizationId, ids)),
    tx.select({ id: merchants.id, organizationId: merchants.organizationId, planId: merchants.feePlanId, taxId: merchants.taxId }).from(merchants).where(inArray(merchants.organizationId, ids)),
  ]);
  const versionsOf = new Map<string, PlanVersion[]>();
  for (const v of versions) versionsOf.set(v.planId, [...(versionsOf.get(v.planId) ?? []), v]);
  const ref = (id: string | undefined): PlanRef | undefined => (id === undefined ? undefined : { id, versions: versionsOf.get(id) ?? [] });
  const defaults = new Map(plans.filter((p) => p.kind === 'price' && p.isDefault).map((p) => [p.organizationId, p.id]));
  const costs = new Map(plans.filter((p) => p.kind === 'cost').map((p) => [`${p.organizationId}\u0000${p.acquirer}`, p.id]));
  const byMerchant = new Map(people.map((m) => [m.id, m]));
  return {
    plansOf(merchantId, acquirer) {
      const merchant = byMerchant.get(merchantId);
      if (!merchant) return { price: undefined, cost: undefined };
      return { price: ref(merchant.planId ?? defaults.get(merchant.organizationId)), cost: ref(costs.get(`${merchant.organizationId}\u0000${acquirer}`)) };
    },
    taxIdOf: (merchantId) => byMerchant.get(merchantId)?.taxId ?? '',
  };
}

const columns = Object.entries(getTableColumns(receivables) as Record<string, { name: string }>);
const json = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** One multi-row INSERT of whole receivables as one jsonb parameter (the same on PostgreSQL and PGlite). */
export async function insertReceivables(tx: Db, rows: readonly Receivable[]): Promise<void> {
  if (rows.length === 0) return;
  // bigints as decimal strings up front: a JSON.stringify replacer function costs more than the rest of the batch
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = (row as unknown as Record<string, unknown>)[key];
      record[column.name] = typeof value === 'bigint' ? value.toString() : value;
    }
    return record;
  });
  await tx.execute(sql`insert into receivables select * from jsonb_populate_recordset(null::receivables, ${JSON.stringify(records)}::jsonb)`);
}

/** Writes back what a reduction changed: amounts, status, updated_at. */
export async function updateReceivables(tx: Db, rows: readonly Receivable[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    id: r.id,
    gross: r.grossMinor,
    fee: r.feeMinor,
    cost: r.costFeeMinor,
    net: r.netMinor,
    refunded: r.refundedMinor,
    status: r.status,
    updated_at: r.updatedAt.toISOString(),
  }));
  await tx.execute(sql`update receivables t set gross_minor = v.gross, fee_minor = v.fee, cost_fee_minor = v.cost, net_minor = v.net, refunded_minor = v.refunded,
      status = v.status, updated_at = v.updated_at
    from jsonb_to_recordset(${json(values)}::jsonb) as v(id text, gross bigint, fee bigint, cost bigint, net bigint, refunded bigint, status text, updated_at timestamptz)
    where t.id = v.id`);
}

/** Every receivable of the sales, locked (the batch that changes them holds their summaries' locks already). */
export async function loadReceivables(tx: Db, summaryIds: readonly string[]): Promise<Receivable[]> {
  if (summaryIds.length === 0) return [];
  const rows = await tx.select().from(receivables).where(inArray(receivables.summaryId, [...summaryIds])).orderBy(receivables.summaryId, receivables.installment, receivables.id).for('update');
  return rows;
}
