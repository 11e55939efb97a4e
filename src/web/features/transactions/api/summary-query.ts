import { queryOptions } from '@tanstack/react-query';
import { EventList } from '../../../../contract/events.ts';
import { Summary } from '../../../../contract/summaries.ts';
import { api } from '../../../lib/api-client.ts';
import { summaryEventsKey, summaryKey } from './transactions-keys.ts';

/** One transaction summary with its cycles (GET /v1/transactions/summaries/{id}). */
export function summaryQuery(id: string) {
  return queryOptions({
    queryKey: summaryKey(id),
    queryFn: async ({ signal }) => (await api('getTransactionSummary', Summary, { path: { id }, signal })).data,
    staleTime: 15_000,
  });
}

/** The events of one transaction, newest first (GET /v1/events?summary_id=). */
export function transactionEventsQuery(summaryId: string) {
  return queryOptions({
    queryKey: summaryEventsKey(summaryId),
    queryFn: async ({ signal }) => (await api('listEvents', EventList, { query: { summary_id: summaryId, limit: '100' }, signal })).data,
    staleTime: 15_000,
  });
}
