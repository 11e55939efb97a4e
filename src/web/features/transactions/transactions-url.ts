import { summaryQueryShape } from '../../../contract/summaries.ts';
import { refinePageSize, type ListUrlSpec } from '../../lib/url-state.ts';

export type SummaryKey = keyof typeof summaryQueryShape;

export const summaryUrlSpec: ListUrlSpec<SummaryKey> = {
  shape: summaryQueryShape,
  defaults: { page: '1', limit: '20', order_by: 'created_at', order_direction: 'desc' },
  refine: { limit: refinePageSize },
  pageKey: 'page',
};

export const summaryFilterKeys = [
  'status',
  'acquirer',
  'payment_method',
  'card_brand',
  'amount',
  'created_at',
  'card_first_digits',
  'card_last_digits',
] as const satisfies readonly SummaryKey[];
