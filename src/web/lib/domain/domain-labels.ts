import type { BadgeTone } from '../../components/badge.tsx';
import type { Translate } from '../i18n/i18n.tsx';

/**
 * Display names of the contract's enum values (contract/enums.ts), shared by every feature, in the active
 * language: messages `domain.<kind>.<value>` in src/contract/domain/messages (shared with the API's CSV export). A value the catalogue does not know yet
 * (a new event type, a new brand) shows as it came; none shows a dash.
 */
export type DomainKind = 'acquirer' | 'paymentMethod' | 'cardBrand' | 'status' | 'cycleType' | 'eventType';

export function domainLabel(t: Translate, kind: DomainKind, value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const key = `domain.${kind}.${value}`;
  return t.has(key) ? t(key) : value;
}

/** `{ value, label }` choices for a select, in the order given. */
export function domainOptions(t: Translate, kind: DomainKind, values: readonly string[]) {
  return values.map((value) => ({ value, label: domainLabel(t, kind, value) }));
}

/** Badge colour of a summary, cycle or event status; the text always says it too. */
export const statusTones: Record<string, BadgeTone> = {
  approved: 'success',
  processed: 'success',
  pending: 'warning',
  denied: 'danger',
  failed: 'danger',
  partially_refunded: 'info',
  refunded: 'info',
  canceled: 'neutral',
};
