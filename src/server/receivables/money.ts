/**
 * Money math of the receivables schedule, in minor units (bigint, never floats). Rates are basis points
 * (1/100 of a percent: 1.99 % = 199), the unit fee tables are written in.
 */

/** a × bps / 10 000 rounded half to even (banker's rounding), for any sign of a. */
export function applyRate(amount: bigint, bps: number): bigint {
  if (!Number.isInteger(bps)) throw new RangeError(`rate ${bps} is not a whole number of basis points`);
  const product = amount * BigInt(bps);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / 10_000n;
  const remainder = magnitude % 10_000n;
  if (remainder > 5_000n || (remainder === 5_000n && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** Splits an amount into n installments: equal parts, the remainder of the division on the first. */
export function splitInstallments(amount: bigint, count: number): bigint[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`installments must be a positive integer, got ${count}`);
  const n = BigInt(count);
  const part = amount / n;
  const remainder = amount - part * n;
  return Array.from({ length: count }, (_, i) => (i === 0 ? part + remainder : part));
}

/** One receivable's money: the fee is the rate on its own gross, half-even; net = gross − fee exactly. */
export function priced(gross: bigint, bps: number): { gross: bigint; fee: bigint; net: bigint } {
  const fee = applyRate(gross, bps);
  return { gross, fee, net: gross - fee };
}

/** amount × bps × days / (30 × 10 000), half-even: a monthly rate prorated by days (anticipation). */
export function proratedRate(amount: bigint, bps: number, days: number): bigint {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number ≥ 0, got ${days}`);
  const numerator = amount * BigInt(bps) * BigInt(days);
  const denominator = 300_000n;
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  if (remainder * 2n > denominator || (remainder * 2n === denominator && quotient % 2n === 1n)) quotient += 1n;
  return negative ? -quotient : quotient;
}
