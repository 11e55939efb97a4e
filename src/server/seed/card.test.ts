import { describe, expect, it } from 'vitest';
import { shownFirstDigits } from '../../contract/cards.ts';
import { generateCard } from './card.ts';
import { hash128, Rng } from './prng.ts';
import { generateAll, testContext } from './test-fixtures.ts';

// the display rule, restated here independently of src/contract/cards.ts: amex PANs have 15 digits
const allowedFirst = (brand: string) => (brand === 'amex' ? 6 : 8);

describe('card display: at most 6 + 4 digits for a 15-digit amex, 8 + 4 for 16-digit cards', () => {
  it('the generator never gives a card more leading digits than its PAN length allows, and does give 8-digit BINs to 16-digit brands', () => {
    const rng = new Rng(hash128('card-display'));
    const seen = new Map<string, Set<number>>();
    for (let i = 0; i < 20_000; i += 1) {
      const card = generateCard(rng, i % 2 ? 'credit_card' : 'debit_card', Date.now());
      expect(card.bin.length, `${card.brand} ${card.bin}`).toBeLessThanOrEqual(allowedFirst(card.brand));
      expect(card.last4).toMatch(/^\d{4}$/);
      seen.set(card.brand, (seen.get(card.brand) ?? new Set()).add(card.bin.length));
    }
    expect([...(seen.get('amex') ?? [])]).toEqual([6]);
    expect(seen.get('visa')?.has(8)).toBe(true);
  });

  it('generated summaries and events follow the rule too', () => {
    const all = generateAll(testContext(5), 2000);
    for (const s of all.summaries) {
      if (s.cardBrand && s.cardFirstDigits) expect(s.cardFirstDigits.length, `${s.cardBrand} ${s.cardFirstDigits}`).toBeLessThanOrEqual(allowedFirst(s.cardBrand));
    }
    for (const e of all.events) {
      const card = e.cardData;
      if (card?.bin && card.cardBrand) expect(card.bin.length).toBeLessThanOrEqual(allowedFirst(card.cardBrand));
    }
  });

  it('what the API shows of stored digits is cut to the rule (older databases may hold 8-digit amex BINs)', () => {
    expect(shownFirstDigits('amex', '37644901')).toBe('376449');
    expect(shownFirstDigits('visa', '40240012')).toBe('40240012');
    expect(shownFirstDigits(null, '40240012')).toBe('402400');
  });
});
