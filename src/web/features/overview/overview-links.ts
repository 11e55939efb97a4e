import type { SummaryStatus } from '../../../contract/enums.ts';
import { transactionsListPath, type TransactionsListFilters } from '../../lib/paths.ts';

export type BreakdownDimension = 'acquirer' | 'card_brand';

/** The transactions list for the Overview's range plus a narrower filter. */
export function listLink(createdAt: string, extra: TransactionsListFilters = {}): string {
  return transactionsListPath({ ...extra, created_at: createdAt });
}

/**
 * One breakdown row's filter: the acquirer or card brand, and a null brand (no card) as payment_method=pix,
 * the only sales without a card. `status` narrows it further (the approved volume of that row).
 */
export function breakdownFilter(dimension: BreakdownDimension, value: string | null, status?: SummaryStatus): TransactionsListFilters {
  const base: TransactionsListFilters = value === null ? { payment_method: 'pix' } : { [dimension]: value };
  return status ? { ...base, status } : base;
}
