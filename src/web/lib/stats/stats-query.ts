import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { Stats } from '../../../contract/stats.ts';
import { apiGet } from '../api-client.ts';

/** Query parameters of GET /v1/transactions/stats: the summaries filters plus bucket, tz and compare, as text. */
export type StatsParams = Partial<Record<string, string>>;

/**
 * Totals, series and breakdowns of the summaries matching the filters (the Overview page and the totals
 * strip above the transactions list). Every parameter is part of the key; the previous numbers stay on
 * screen while new ones load.
 */
export function statsQuery(params: StatsParams) {
  return queryOptions({
    queryKey: ['transactions', 'stats', params] as const,
    queryFn: async ({ signal }) => (await apiGet('/v1/transactions/stats', Stats, { params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** The currency of the stats amounts: the platform's acquirers settle in reais. */
export const statsCurrency = 'BRL';
