import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { defaultTerms, type FeePlan, type FeePlanInput, type FeePlanVersion, type FeePlanVersionInput, type FeeRates } from '../../contract/fee-plans.ts';
import { providerNames } from '../../contract/enums.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { feePlans, feePlanVersions, merchants } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem } from '../errors.ts';
import { etagHeader } from '../../contract/headers.ts';
import { xid } from '../lib/xid.ts';
import { saoPauloDate } from '../receivables/business-calendar.ts';
import { versionOn } from './plan-rates.ts';

export const feePlanEtag = (version: number) => `"v${version}"`;
export const feePlanLocation = (id: string) => `/v1/fee-plans/${id}`;

type PlanRow = typeof feePlans.$inferSelect;
type VersionRow = typeof feePlanVersions.$inferSelect;

const versionView = (v: VersionRow): FeePlanVersion => ({
  version: v.version,
  effectiveFrom: v.effectiveFrom,
  rates: v.rates,
  terms: v.terms,
  createdAt: v.createdAt.toISOString(),
  createdBy: v.createdBy,
});

function planView(plan: PlanRow, versions: VersionRow[], merchantIds: string[], today: string): FeePlan {
  const latest = versions.reduce((a, b) => (b.version > a.version ? b : a));
  const current = versionOn(versions, today) as VersionRow;
  return {
    id: plan.id,
    name: plan.name,
    kind: plan.kind,
    acquirer: plan.acquirer,
    isDefault: plan.isDefault,
    version: plan.version,
    current: versionView(current),
    latest: versionView(latest),
    merchantIds,
    createdAt: plan.createdAt.toISOString(),
  };
}

/** The plans a caller may read: an organization token all of them, a merchant token or operator only the price plans its merchants pay. */
export async function listPlans(db: Db, caller: Caller, only?: string): Promise<FeePlan[]> {
  const where = [eq(feePlans.organizationId, caller.organizationId)];
  if (only !== undefined) where.push(eq(feePlans.id, only));
  if (caller.merchantIds !== null) {
    const paid = await db.select({ planId: merchants.feePlanId }).from(merchants).where(and(inArray(merchants.id, [...caller.merchantIds]), eq(merchants.organizationId, caller.organizationId)));
    const ids = paid.flatMap((m) => (m.planId ? [m.planId] : []));
    const onDefault = paid.some((m) => !m.planId);
    where.push(eq(feePlans.kind, 'price'), or(ids.length > 0 ? inArray(feePlans.id, ids) : undefined, onDefault ? eq(feePlans.isDefault, true) : undefined) ?? sql`false`);
  }
  const plans = await db.select().from(feePlans).where(and(...where)).orderBy(asc(feePlans.kind), asc(feePlans.name), asc(feePlans.id));
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  const versions = await db.select().from(feePlanVersions).where(inArray(feePlanVersions.planId, ids));
  const assigned =
    caller.merchantIds === null
      ? await db.select({ id: merchants.id, planId: merchants.feePlanId }).from(merchants).where(and(eq(merchants.organizationId, caller.organizationId), inArray(merchants.feePlanId, ids)))
      : [];
  const today = saoPauloDate(new Date());
  return plans.map((plan) =>
    planView(
      plan,
      versions.filter((v) => v.planId === plan.id),
      assigned.filter((m) => m.planId === plan.id).map((m) => m.id).sort(),
      today,
    ),
  );
}

export async function planHistory(db: Db, caller: Caller, id: string): Promise<FeePlanVersion[] | null> {
  const [plan] = await listPlans(db, caller, id);
  if (!plan) return null;
  const versions = await db.select().from(feePlanVersions).where(eq(feePlanVersions.planId, id)).orderBy(asc(feePlanVersions.version));
  return versions.map(versionView);
}

function requireOrganizationToken(caller: Caller): void {
  if (caller.merchantIds !== null) throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'A merchant token or operator cannot change fee plans.' });
}

const invalid = (pointer: string, detail: string) => new ApiProblem({ status: 422, detail: `The fee plan is not valid: ${pointer} ${detail}.`, errors: [{ pointer, detail }] });

export async function createPlan(db: Db, caller: Caller, input: FeePlanInput): Promise<FeePlan> {
  requireOrganizationToken(caller);
  if (input.kind === 'cost' && input.acquirer === undefined) throw invalid('/acquirer', 'is required for a cost plan');
  if (input.kind === 'price' && input.acquirer !== undefined) throw invalid('/acquirer', 'is only for cost plans');
  if (input.kind === 'cost' && input.isDefault === true) throw invalid('/isDefault', 'is only for price plans');
  const id = xid();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(feePlans).values({ id, organizationId: caller.organizationId, kind: input.kind, name: input.name, acquirer: input.acquirer ?? null, isDefault: input.isDefault ?? false });
      await tx.insert(feePlanVersions).values({ planId: id, version: 1, effectiveFrom: input.effectiveFrom, rates: input.rates, terms: input.terms ?? defaultTerms, createdBy: caller.tokenId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiProblem({
        status: 409,
        type: 'fee-plan-exists',
        detail: input.kind === 'cost' ? `The organization already has a cost plan for ${input.acquirer}; add a version to it instead.` : 'The organization already has a default price plan.',
      });
    }
    throw error;
  }
  const [plan] = await listPlans(db, caller, id);
  return plan as FeePlan;
}

/**
 * A new version (PUT with If-Match): effective from today or later, so the receivables already computed from
 * the versions in force stay what they were; the conditional UPDATE makes two concurrent edits one 200, one 412.
 */
export async function addVersion(db: Db, caller: Caller, id: string, ifMatch: string[], input: FeePlanVersionInput): Promise<FeePlan> {
  requireOrganizationToken(caller);
  const today = saoPauloDate(new Date());
  if (input.effectiveFrom < today) throw invalid('/effectiveFrom', `must be today (${today}) or later: a plan change applies to sales captured from its date`);
  const [plan] = await db.select().from(feePlans).where(and(eq(feePlans.id, id), eq(feePlans.organizationId, caller.organizationId)));
  if (!plan) throw new ApiProblem({ status: 404, detail: `No fee plan ${id} in this organization.` });
  if (!ifMatch.includes(feePlanEtag(plan.version))) throw stalePlan(plan.version);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(feePlans)
      .set({ version: plan.version + 1, updatedAt: new Date(), ...(input.name === undefined ? {} : { name: input.name }) })
      .where(and(eq(feePlans.id, id), eq(feePlans.version, plan.version)))
      .returning({ id: feePlans.id });
    if (moved.length === 0) throw stalePlan(plan.version + 1);
    await tx.insert(feePlanVersions).values({ planId: id, version: plan.version + 1, effectiveFrom: input.effectiveFrom, rates: input.rates, terms: input.terms ?? defaultTerms, createdBy: caller.tokenId });
  });
  const [view] = await listPlans(db, caller, id);
  return view as FeePlan;
}

export function stalePlan(version: number): ApiProblem {
  return new ApiProblem({
    status: 412,
    type: 'stale-fee-plan',
    detail: 'The fee plan changed since you read it (If-Match does not match its ETag). Read it again and reapply your change.',
    headers: { [etagHeader]: feePlanEtag(version) },
  });
}

/** The merchant pays this price plan for sales captured from now on (its receivables already computed stay). */
export async function assignMerchant(db: Db, caller: Caller, id: string, merchantId: string): Promise<FeePlan> {
  requireOrganizationToken(caller);
  const [plan] = await db.select().from(feePlans).where(and(eq(feePlans.id, id), eq(feePlans.organizationId, caller.organizationId)));
  if (!plan) throw new ApiProblem({ status: 404, detail: `No fee plan ${id} in this organization.` });
  if (plan.kind !== 'price') throw invalid('/merchantId', 'can only be assigned to a price plan');
  const moved = await db
    .update(merchants)
    .set({ feePlanId: id })
    .where(and(eq(merchants.id, merchantId), eq(merchants.organizationId, caller.organizationId)))
    .returning({ id: merchants.id });
  if (moved.length === 0) throw invalid('/merchantId', `names no merchant of this organization (${merchantId})`);
  const [view] = await listPlans(db, caller, id);
  return view as FeePlan;
}

/** The market's usual rates, the defaults of the seed and of a backfill on an organization without plans. */
export const defaultPriceRates: FeeRates = { debit: '1.49', credit: '2.99', credit2to6: '3.49', credit7to12: '3.99', pix: '0.99', anticipationMonthly: '1.99' };
const defaultCostRates: FeeRates = { debit: '0.79', credit: '1.89', credit2to6: '2.29', credit7to12: '2.69', pix: '0.49', anticipationMonthly: '1.29' };

/** A default price plan and one cost plan per acquirer, for an organization that has none (idempotent). */
export async function ensureDefaultPlans(db: Db, organizationId: string, effectiveFrom = '2000-01-01'): Promise<void> {
  const existing = await db.select({ kind: feePlans.kind, acquirer: feePlans.acquirer, isDefault: feePlans.isDefault }).from(feePlans).where(eq(feePlans.organizationId, organizationId));
  const rows: { plan: typeof feePlans.$inferInsert; rates: FeeRates }[] = [];
  if (!existing.some((p) => p.kind === 'price' && p.isDefault)) {
    rows.push({ plan: { id: xid(), organizationId, kind: 'price', name: 'Padrão', acquirer: null, isDefault: true }, rates: defaultPriceRates });
  }
  providerNames.forEach((acquirer, i) => {
    if (existing.some((p) => p.kind === 'cost' && p.acquirer === acquirer)) return;
    // each acquirer's contract a little different, as they are
    const bump = (rate: string) => (Number(rate.replace('.', '')) + i * 3).toString().padStart(3, '0').replace(/(\d\d)$/, '.$1');
    const rates = Object.fromEntries(Object.entries(defaultCostRates).map(([k, v]) => [k, bump(v as string)])) as unknown as FeeRates;
    rows.push({ plan: { id: xid(), organizationId, kind: 'cost', name: `Custo ${acquirer}`, acquirer, isDefault: false }, rates });
  });
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(feePlans).values(rows.map((r) => r.plan));
    await tx.insert(feePlanVersions).values(rows.map((r) => ({ planId: r.plan.id, version: 1, effectiveFrom, rates: r.rates, terms: defaultTerms, createdBy: null })));
  });
}

