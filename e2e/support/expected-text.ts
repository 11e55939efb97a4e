/**
 * What a spec expects the dashboard to write, computed here with Intl on its own (never through the dashboard's
 * formatters), and the text normalisation the comparisons share.
 */

/**
 * A decimal amount as the language writes reais: "R$1,234.50" / "R$ 1.234,50". The decimal text goes to Intl as a
 * string, which formats it exactly (Intl.NumberFormat v3), never through a float.
 */
export function brl(amount: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' }) as unknown as { format(value: string): string };
  return format.format(amount).replace(/\s/g, ' ');
}

/** Every kind of space as a plain one (Intl writes narrow no-break spaces), ends trimmed. */
export const plainSpaces = (text: string | null): string => (text ?? '').replace(/\s/g, ' ').trim();
