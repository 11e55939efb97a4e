import { summaryQueryShape } from '../../../contract/summaries.ts';
import { listUrlSpec } from '../../lib/url-state.ts';

export type SummaryKey = keyof typeof summaryQueryShape;

export const summaryUrlSpec = listUrlSpec(summaryQueryShape);

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
  'response_code',
  'q',
] as const satisfies readonly SummaryKey[];
