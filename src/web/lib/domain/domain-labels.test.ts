import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardBrands, cycleStatuses, cycleTypes, eventStatuses, eventTransactionTypes, knownEventTypes, paymentMethods, providerNames, summaryStatuses } from '../../../contract/enums.ts';
import { mergedMessages } from '../../../../tools/i18n-messages.ts';
import { translator } from '../i18n/i18n.tsx';
import { languages } from '../i18n/languages.ts';
import { domainLabel, type DomainKind } from './domain-labels.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const values: Record<DomainKind, readonly string[]> = {
  acquirer: providerNames,
  paymentMethod: paymentMethods,
  cardBrand: cardBrands,
  status: [...new Set([...summaryStatuses, ...cycleStatuses, ...eventStatuses])],
  cycleType: [...new Set([...cycleTypes, ...eventTransactionTypes])],
  eventType: knownEventTypes,
};

describe('domain labels', () => {
  it.each(languages)('name every value of the contract enums in %s', (language) => {
    const messages = mergedMessages(root, language);
    const missing = Object.entries(values).flatMap(([kind, list]) => list.map((v) => `domain.${kind}.${v}`).filter((k) => !(k in messages)));
    expect(missing).toEqual([]);
  });

  it('show an unknown value as it came and a missing one as a dash', () => {
    const t = translator({ 'domain.status.approved': () => 'Aprovada' });
    expect(domainLabel(t, 'status', 'approved')).toBe('Aprovada');
    expect(domainLabel(t, 'eventType', 'payment.refunded')).toBe('payment.refunded');
    expect(domainLabel(t, 'cardBrand', null)).toBe('—');
  });
});
