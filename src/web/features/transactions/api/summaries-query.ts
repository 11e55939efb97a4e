import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { SummaryList, type Summary } from '../../../../contract/summaries.ts';
import { api } from '../../../lib/api-client.ts';
import { pagingHeaders, type PagingHeaders } from '../../../components/data-table/paging.ts';
import type { SummaryKey } from '../transactions-url.ts';
import { summaryListKey } from './transactions-keys.ts';

export type SummaryParams = Partial<Record<SummaryKey, string>>;

export interface SummaryPage {
  rows: Summary[];
  paging: PagingHeaders;
}

/**
 * One page of transaction summaries. Every parameter is part of the key; the previous page stays on
 * screen (dimmed) while the next one loads instead of a blank table.
 */
export function summariesQuery(params: SummaryParams) {
  return queryOptions({
    queryKey: summaryListKey(params),
    queryFn: async ({ signal }): Promise<SummaryPage> => {
      const { data, headers } = await api('listTransactionSummaries', SummaryList, { query: params, signal });
      return { rows: data, paging: pagingHeaders(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
