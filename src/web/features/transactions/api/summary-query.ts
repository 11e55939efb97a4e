import { queryOptions } from '@tanstack/react-query';
import { EventList } from '../../../../contract/events.ts';
import { Summary } from '../../../../contract/summaries.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { summaryEventsKey, summaryKey } from './transactions-keys.ts';
import { apiPath } from '../../../../contract/endpoints.ts';

/** One transaction summary with its cycles (GET /v1/transactions/summaries/{id}). */
export function summaryQuery(id: string) {
  return queryOptions({
    queryKey: summaryKey(id),
    queryFn: async ({ signal }) => (await apiGet(apiPath('getTransactionSummary', { id }), Summary, { signal })).data,
    staleTime: 15_000,
  });
}

/** The events of one transaction, newest first (GET /v1/events?summary_id=). */
export function transactionEventsQuery(summaryId: string) {
  return queryOptions({
    queryKey: summaryEventsKey(summaryId),
    queryFn: async ({ signal }) => (await apiGet(apiPath('listEvents'), EventList, { params: { summary_id: summaryId, limit: '100' }, signal })).data,
    staleTime: 15_000,
  });
}
