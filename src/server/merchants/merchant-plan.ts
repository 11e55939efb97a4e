import { and, eq } from 'drizzle-orm';
import type { PricePlanChoice } from '../../contract/fee-plans.ts';
import type { Merchant } from '../../contract/merchants.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { feePlans, merchants } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { listPlans } from '../fee-plans/store.ts';
import { merchantView } from './merchants-query.ts';

type Handle = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** A merchant pays a price plan of its organization: anything else (a cost plan, another organization's, none) is 422. */
export async function checkPricePlan(db: Handle, organizationId: string, planId: string): Promise<void> {
  const [plan] = await db.select({ kind: feePlans.kind }).from(feePlans).where(and(eq(feePlans.id, planId), eq(feePlans.organizationId, organizationId)));
  if (plan?.kind === 'price') return;
  const detail = plan ? 'is a cost plan (what an acquirer charges the platform): pick a price plan' : `names no price plan of this organization (${planId})`;
  throw new ApiProblem({ status: 422, type: 'invalid-fee-plan', detail: `The merchant’s plan is not valid: /feePlanId ${detail}.`, errors: [{ pointer: '/feePlanId', detail }] });
}

/** The price plans onboarding may pick from, with the rates in force today (the default first). */
export async function pricePlanChoices(db: Db, caller: Caller): Promise<PricePlanChoice[]> {
  const plans = (await listPlans(db, caller)).filter((p) => p.kind === 'price');
  return plans
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .map((p) => ({ id: p.id, name: p.name, isDefault: p.isDefault, effectiveFrom: p.current.effectiveFrom, rates: p.current.rates }));
}

/** The price plan the merchant pays from now on (null: the organization's default); its receivables already computed stay. */
export async function setMerchantPlan(db: Db, organizationId: string, merchantId: string, planId: string | null): Promise<{ merchant: Merchant; from: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ planId: merchants.feePlanId }).from(merchants).where(and(eq(merchants.id, merchantId), eq(merchants.organizationId, organizationId)));
    if (!before) throw new ApiProblem({ status: 404, detail: `No merchant ${merchantId} in this organization.` });
    if (planId !== null) await checkPricePlan(tx, organizationId, planId);
    const [row] = await tx.update(merchants).set({ feePlanId: planId }).where(eq(merchants.id, merchantId)).returning();
    if (!row) throw new Error('merchant not updated');
    return { merchant: merchantView(row), from: before.planId };
  });
}
