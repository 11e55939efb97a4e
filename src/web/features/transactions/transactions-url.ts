import { summaryQueryShape } from '../../../contract/summaries.ts';
import { listUrlDefaults, refinePageSize, type ListUrlSpec } from '../../lib/url-state.ts';

export type SummaryKey = keyof typeof summaryQueryShape;

export const summaryUrlSpec: ListUrlSpec<SummaryKey> = {
  shape: summaryQueryShape,
  defaults: listUrlDefaults,
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
  'merchant_id',
  'q',
] as const satisfies readonly SummaryKey[];
