import { decimalToMinor } from '../../contract/money.ts';
import { defaultTerms, type CardProduct, type FeeRates, type SettlementTerms } from '../../contract/fee-plans.ts';

/** One version of a plan as the schedule reads it. */
export interface PlanVersion {
  version: number;
  effectiveFrom: string;
  rates: FeeRates;
  terms: SettlementTerms;
}

/** A rate in percent text ("1.99") as basis points (199). */
export const basisPoints = (rate: string): number => Number(decimalToMinor(rate));

/** basis points → percent text ("1.99"), the API's form. */
export const percentText = (bps: number): string => `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/**
 * The version in force for a sale captured on `date`: the latest effective_from on or before it (the highest
 * version on a tie). A sale captured before the first version uses the first (plans are not retroactive, but a
 * plan created today still prices the sales already on the books when the schedule is first computed).
 */
export function versionOn(versions: readonly PlanVersion[], date: string): PlanVersion | undefined {
  let chosen: PlanVersion | undefined;
  let first: PlanVersion | undefined;
  for (const v of versions) {
    if (!first || v.effectiveFrom < first.effectiveFrom || (v.effectiveFrom === first.effectiveFrom && v.version > first.version)) first = v;
    if (v.effectiveFrom > date) continue;
    if (!chosen || v.effectiveFrom > chosen.effectiveFrom || (v.effectiveFrom === chosen.effectiveFrom && v.version > chosen.version)) chosen = v;
  }
  return chosen ?? first;
}

/** The card product of a sale: debit, credit in one payment, 2–6 or 7–12 installments. */
export function cardProduct(paymentMethod: string, installments: number): CardProduct {
  if (paymentMethod === 'debit_card') return 'debit';
  if (installments <= 1) return 'credit';
  return installments <= 6 ? 'credit2to6' : 'credit7to12';
}

/** The rate (bps) of a sale under a version: Pix, or the card product's, the brand's override first. */
export function saleRate(version: PlanVersion | undefined, paymentMethod: string, installments: number, brand: string | null): number {
  if (!version) return 0;
  if (paymentMethod === 'pix') return basisPoints(version.rates.pix);
  const product = cardProduct(paymentMethod, installments);
  const override = brand === null ? undefined : version.rates.brands?.[brand as keyof NonNullable<FeeRates['brands']>]?.[product];
  return basisPoints(override ?? version.rates[product]);
}

export const termsOf = (version: PlanVersion | undefined): SettlementTerms => version?.terms ?? defaultTerms;
