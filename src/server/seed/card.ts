import { maxShownFirstDigits, panLengthByBrand } from '../../contract/cards.ts';
import type { CardBrand, PaymentMethod } from '../../contract/enums.ts';
import { binsByBrand, captureMethodWeights, creditBrandWeights, debitBrandWeights, firstNames, lastNames } from './cards.ts';
import type { Rng } from './prng.ts';

export type CaptureMethod = (typeof captureMethodWeights)[number][0];

export interface GeneratedCard {
  brand: CardBrand;
  bin: string;
  last4: string;
  holderName: string;
  expirationMonth: number;
  expirationYear: number;
  captureMethod: CaptureMethod;
}

/** Name as embossed: uppercase, no accents, at most 26 characters. */
function holderName(rng: Rng): string {
  const first = rng.pick(firstNames);
  const last = rng.pick(lastNames);
  const middle = rng.chance(0.6) ? ` ${rng.pick(lastNames).charAt(0)}` : rng.chance(0.5) ? ` ${rng.pick(lastNames)}` : '';
  return `${first}${middle} ${last}`.slice(0, 26);
}

/** A card for a sale at `saleMs`; `expired` makes it a card past its expiry (ABECS 54). */
export function generateCard(rng: Rng, method: PaymentMethod, saleMs: number, expired = false): GeneratedCard {
  const brand = rng.weighted(method === 'debit_card' ? debitBrandWeights : creditBrandWeights);
  const bins = binsByBrand[brand];
  // mostly 6-digit BINs: the 8-digit ones sit at the end of each list and are picked ~10% of the time, for
  // brands whose cards may show 8 (16-digit PANs; a 15-digit amex shows at most 6 + 4)
  const sixDigit = bins.filter((b) => b.length === 6);
  const eightDigit = bins.filter((b) => b.length === 8 && b.length <= maxShownFirstDigits(panLengthByBrand[brand] ?? 15));
  const bin = eightDigit.length > 0 && rng.chance(0.1) ? rng.pick(eightDigit) : rng.pick(sixDigit);
  const sale = new Date(saleMs);
  const saleYear = sale.getUTCFullYear();
  const saleMonth = sale.getUTCMonth() + 1;
  let expirationYear: number;
  let expirationMonth: number;
  if (expired) {
    expirationYear = saleYear - rng.int(0, 2);
    expirationMonth = expirationYear === saleYear ? rng.int(1, Math.max(1, saleMonth - 1)) : rng.int(1, 12);
    if (expirationYear === saleYear && saleMonth === 1) expirationYear -= 1;
  } else {
    expirationYear = saleYear + rng.int(1, 6);
    expirationMonth = rng.int(1, 12);
  }
  return {
    brand,
    bin,
    last4: rng.digits(4),
    holderName: holderName(rng),
    expirationMonth,
    expirationYear,
    captureMethod: rng.weighted(captureMethodWeights),
  };
}

/** Round values that recur so that an exact amount filter (e.g. 150.00) finds rows. */
export const roundAmounts = [1000, 2000, 5000, 10000, 15000, 20000, 25000, 50000, 100000] as const;

const amountBuckets = [['round', 4], ['tiny', 30], ['small', 30], ['medium', 22], ['large', 10], ['huge', 4]] as const;
const installmentWeights = [[2, 8], [3, 7], [4, 3], [5, 3], [6, 5], [10, 4], [12, 3]] as const;

/** Minor units: many small tickets, some large ones up to R$ 15 000, a few round values. */
export function pickAmount(rng: Rng): number {
  const bucket = rng.weighted(amountBuckets);
  switch (bucket) {
    case 'round':
      return rng.pick(roundAmounts);
    case 'tiny':
      return rng.int(500, 3000);
    case 'small':
      return rng.int(3001, 12000);
    case 'medium':
      return rng.int(12001, 30000);
    case 'large':
      return rng.int(30001, 150000);
    case 'huge':
      return rng.int(150001, 1500000);
  }
}

/** Credit installments 1 to 12 (mostly 1, and only when each installment stays above R$ 10). */
export function pickInstallments(rng: Rng, method: PaymentMethod, amountMinor: number): number {
  if (method !== 'credit_card' || rng.chance(0.72)) return 1;
  const n = rng.weighted(installmentWeights);
  return amountMinor / n >= 1000 ? n : 1;
}
