import { and, eq, sql } from 'drizzle-orm';
import type { ProviderName } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { feePlans, feePlanVersions } from '../db/schema.ts';
import { saleRate, versionOn } from '../fee-plans/plan-rates.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * What the acquirer may charge for each sale in rx_platform, into `rx_cost` (summary_id, cost_fee, parts), a
 * temporary table dropped at commit: what the platform's receivables of the sale say (issue 25: the sum of its
 * installments' cost fees, each the cost plan version's rate on its own gross, rounded half-even), or for a sale
 * without receivables the acquirer's cost plan version in force on the sale's day (its rate for the method,
 * installments and brand) on the sale's amount, rounded half-even once. A sale with neither has no expected fee (not checked).
 *
 * Tolerance: an acquirer that rounds otherwise (once per sale instead of per installment, half up instead of half
 * even) is off by at most half a centavo per installment plus half a centavo of its own rounding, so the fee differs
 * from the plan only when |reported − expected| > ⌊(parts + 1) / 2⌋ centavos (1 for a sale in one payment).
 */
export async function expectedCosts(tx: Db, organizationId: string, acquirer: ProviderName): Promise<void> {
  const [plan] = await tx.select({ id: feePlans.id }).from(feePlans)
    .where(and(eq(feePlans.organizationId, organizationId), eq(feePlans.kind, 'cost'), eq(feePlans.acquirer, acquirer)));
  const versions = plan === undefined ? [] : await tx.select({ version: feePlanVersions.version, effectiveFrom: feePlanVersions.effectiveFrom, rates: feePlanVersions.rates, terms: feePlanVersions.terms })
    .from(feePlanVersions).where(eq(feePlanVersions.planId, plan.id));
  // the plan's rate for each day, method, installments and brand among the sales: a few dozen rows, not one per sale
  const combos = versions.length === 0 ? [] : rowsOf<{ day: string; payment_method: string; installments: number; brand: string | null }>(await tx.execute(sql`
    select distinct day::text as day, payment_method, installments, card_brand as brand from rx_platform`));
  const rates = combos.map((c) => ({ ...c, bps: saleRate(versionOn(versions, c.day), c.payment_method, Number(c.installments), c.brand) }));
  await tx.execute(sql`create temporary table rx_cost on commit drop as
    with receivable as (
      select r.summary_id, sum(r.cost_fee_minor) as cost_fee, count(*) as parts
      from receivables r join rx_platform p on p.id = r.summary_id
      where r.organization_id = ${organizationId} and r.kind = 'installment'
      group by r.summary_id
    ), rate as (
      select * from jsonb_to_recordset(${JSON.stringify(rates)}::jsonb) as v(day date, payment_method text, installments int, brand text, bps int)
    )
    select p.id as summary_id,
      coalesce(rc.cost_fee, (p.amount_minor * rt.bps) / 10000 + case when (p.amount_minor * rt.bps) % 10000 > 5000
        or ((p.amount_minor * rt.bps) % 10000 = 5000 and (p.amount_minor * rt.bps) / 10000 % 2 = 1) then 1 else 0 end) as cost_fee, coalesce(rc.parts, p.installments)::int as parts
    from rx_platform p
      left join receivable rc on rc.summary_id = p.id
      left join rate rt on rt.day = p.day and rt.payment_method = p.payment_method and rt.installments = p.installments and rt.brand is not distinct from p.card_brand
    where rc.summary_id is not null or rt.bps is not null`);
  await tx.execute(sql`analyze rx_cost`);
}
