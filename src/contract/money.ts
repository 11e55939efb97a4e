/**
 * Amounts never pass through floats. The API carries decimal text ("150.00"), storage and events carry
 * integer minor units (centavos). These helpers convert between the two with string and bigint arithmetic.
 */

/** The currency the acquirers settle in and the schedule, the margin and the statements are kept in. */
export const settlementCurrency = 'BRL';

/** Decimal text with at most two fraction digits, no sign, no exponent: "150", "150.5", "150.00". */
export const decimalPattern = /^\d{1,15}(\.\d{1,2})?$/;

/** "150.5" -> 15050n. Throws on text that is not decimalPattern. */
export function decimalToMinor(text: string, fractionDigits = 2): bigint {
  if (!decimalPattern.test(text)) throw new Error(`not a decimal amount: ${text}`);
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(fractionDigits) + BigInt(fraction.padEnd(fractionDigits, '0') || '0');
}

/** The same with an optional minus sign ("-12.30" -> -1230n): an adjustment's amount. */
export function signedDecimalToMinor(text: string, fractionDigits = 2): bigint {
  return text.startsWith('-') ? -decimalToMinor(text.slice(1), fractionDigits) : decimalToMinor(text, fractionDigits);
}

/** 15050 -> "150.50". */
export function minorToDecimal(minor: bigint | number | string, fractionDigits = 2): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(fractionDigits + 1, '0');
  const whole = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  return `${negative ? '-' : ''}${whole}${fractionDigits > 0 ? `.${fraction}` : ''}`;
}
