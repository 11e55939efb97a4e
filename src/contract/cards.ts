/**
 * PCI DSS display rule (docs/design.md, Money, time and cards): a card shows at most its first 6 and last 4 digits when the PAN has 15
 * digits or fewer (American Express), and at most its first 8 and last 4 from 16 digits on.
 */
export const panLengthByBrand: Record<string, number> = { visa: 16, mastercard: 16, elo: 16, amex: 15, hipercard: 16 };

export const maxShownFirstDigits = (panLength: number): number => (panLength <= 15 ? 6 : 8);

/** The leading digits a card of this brand may show (unknown brands: 6, the safe side). */
export function shownFirstDigits(brand: string | null | undefined, digits: string): string {
  const panLength = brand ? panLengthByBrand[brand] : undefined;
  return digits.slice(0, maxShownFirstDigits(panLength ?? 15));
}
