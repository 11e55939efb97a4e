import { z } from 'zod/mini';
import { cardBrands, ProviderName } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';

/** A calendar date, 'YYYY-MM-DD' (a real date of the Gregorian calendar). */
export const isoDatePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const IsoDate = z
  .string()
  .check(
    z.regex(isoDatePattern, 'must be a date YYYY-MM-DD'),
    z.refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'is not a calendar date'),
    z.meta({ format: 'date', example: '2026-12-01' }),
  );

/** A rate in percent with at most two decimals, 0 to 100 ("1.99" = 1.99 %); stored as basis points. */
export const ratePattern = /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/;
export const Rate = z.string().check(z.regex(ratePattern, 'must be a percentage from 0 to 100 with at most two decimals, e.g. "1.99"'), z.meta({ example: '1.99' }));

/** The MDR of each card product: debit, credit in one payment, credit in 2–6 and in 7–12 installments. */
export const cardProducts = ['debit', 'credit', 'credit2to6', 'credit7to12'] as const;
export type CardProduct = (typeof cardProducts)[number];

const productRates = { debit: Rate, credit: Rate, credit2to6: Rate, credit7to12: Rate };

export const BrandRates = z.partial(z.strictObject(productRates));

export const FeeRates = z
  .strictObject({
    ...productRates,
    pix: Rate,
    anticipationMonthly: Rate.check(z.meta({ description: 'Anticipation rate per month (prorated by days, 30-day months)' })),
    brands: z.optional(z.partialRecord(z.enum(cardBrands), BrandRates)).check(z.meta({ description: 'Per-brand overrides of the card rates' })),
  })
  .register(z.globalRegistry, { id: 'FeeRates', description: 'Rates in percent of the gross amount (MDR), two decimals at most' });
export type FeeRates = z.infer<typeof FeeRates>;

export const defaultTerms = { debitDays: 1, creditDays: 30, pixDays: 0 } as const;
export const SettlementTerms = z
  .strictObject({
    debitDays: z.int().check(z.minimum(0), z.maximum(60)),
    creditDays: z.int().check(z.minimum(1), z.maximum(60), z.meta({ description: 'Installment k is due at D + creditDays·k' })),
    pixDays: z.int().check(z.minimum(0), z.maximum(30)),
  })
  .register(z.globalRegistry, { id: 'SettlementTerms', description: 'Calendar days from the capture date (then the next business day): D+1 debit, D+30·k credit, D+0 Pix by default' });
export type SettlementTerms = z.infer<typeof SettlementTerms>;

export const feePlanKinds = ['price', 'cost'] as const;
export const FeePlanKind = z.enum(feePlanKinds);
export type FeePlanKind = z.infer<typeof FeePlanKind>;

const versionFields = {
  effectiveFrom: IsoDate.check(z.meta({ description: 'Sales captured from this date (Brasília time) on use this version' })),
  rates: FeeRates,
  terms: z.optional(SettlementTerms),
};

export const FeePlanInput = z
  .strictObject({
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(120)),
    kind: FeePlanKind.check(z.meta({ description: 'price: what a merchant pays the platform; cost: what an acquirer connection charges the platform' })),
    acquirer: z.optional(ProviderName).check(z.meta({ description: 'The acquirer a cost plan applies to (required for cost, absent for price)' })),
    isDefault: z.optional(z.boolean()).check(z.meta({ description: 'price: the plan of merchants without a plan of their own' })),
    ...versionFields,
  })
  .register(z.globalRegistry, { id: 'NewFeePlan', description: 'Body of POST /v1/fee-plans' });
export type FeePlanInput = z.infer<typeof FeePlanInput>;

export const FeePlanVersionInput = z
  .strictObject({ name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))), ...versionFields })
  .register(z.globalRegistry, { id: 'NewFeePlanVersion', description: 'Body of PUT /v1/fee-plans/{id}: a new version from effectiveFrom (today or later)' });
export type FeePlanVersionInput = z.infer<typeof FeePlanVersionInput>;

export const FeePlanVersion = z
  .object({ version: z.int(), effectiveFrom: z.string(), rates: FeeRates, terms: SettlementTerms, createdAt: Timestamp, createdBy: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'FeePlanVersion' });
export type FeePlanVersion = z.infer<typeof FeePlanVersion>;

export const FeePlan = z
  .object({
    id: Xid,
    name: z.string(),
    kind: FeePlanKind,
    acquirer: z.nullable(z.string()),
    isDefault: z.boolean(),
    version: z.int().check(z.meta({ description: 'The latest version (also the ETag, "v<version>")' })),
    current: FeePlanVersion.check(z.meta({ description: 'The version in force today' })),
    latest: FeePlanVersion,
    merchantIds: z.array(z.string()).check(z.meta({ description: 'price: the merchants assigned to this plan' })),
    createdAt: Timestamp,
  })
  .register(z.globalRegistry, { id: 'FeePlan' });
export type FeePlan = z.infer<typeof FeePlan>;

export const FeePlanList = z.object({ data: z.array(FeePlan) }).register(z.globalRegistry, { id: 'FeePlanList' });
export type FeePlanList = z.infer<typeof FeePlanList>;

export const FeePlanHistory = z.object({ data: z.array(FeePlanVersion) }).register(z.globalRegistry, { id: 'FeePlanHistory' });
export type FeePlanHistory = z.infer<typeof FeePlanHistory>;

export const FeePlanAssignment = z
  .strictObject({ merchantId: z.string().check(z.minLength(1), z.maxLength(64)) })
  .register(z.globalRegistry, { id: 'FeePlanAssignment', description: 'Body of POST /v1/fee-plans/{id}/merchants: the merchant pays this price plan from now on' });

/** A price plan onboarding staff may pick for a merchant (GET /v1/merchants/price-plans): its rates in force today. */
export const PricePlanChoice = z
  .object({
    id: z.string(),
    name: z.string(),
    isDefault: z.boolean().check(z.meta({ description: 'The organization’s default: what a merchant without a plan of its own pays' })),
    effectiveFrom: IsoDate,
    rates: FeeRates,
  })
  .register(z.globalRegistry, { id: 'PricePlanChoice' });
export type PricePlanChoice = z.infer<typeof PricePlanChoice>;
export const PricePlanChoiceList = z.object({ data: z.array(PricePlanChoice) }).register(z.globalRegistry, { id: 'PricePlanChoiceList' });
export type PricePlanChoiceList = z.infer<typeof PricePlanChoiceList>;
