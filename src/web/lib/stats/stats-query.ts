import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { Stats } from '../../../contract/stats.ts';
import { settlementCurrency } from '../../../contract/money.ts';
import { api } from '../api-client.ts';
import { statsKey } from './stats-keys.ts';

/**
 * The stats body is not re-validated here: its schema (series, breakdowns, periods) would put ~1.3 KiB on the
 * transactions page's first load for the totals strip alone (issue 7's 140 kB wire budget). The server's response
 * schema is checked by its own tests (every route's responses are validated there), and a body that is not an
 * object still fails readably.
 */
const StatsBody = z.custom<Stats>((value) => typeof value === 'object' && value !== null && 'totals' in value, 'not a stats body');

/** Query parameters of GET /v1/transactions/stats: the summaries filters plus bucket, tz and compare, as text. */
export type StatsParams = Partial<Record<string, string>>;

/**
 * Totals, series and breakdowns of the summaries matching the filters (the Overview page and the totals
 * strip above the transactions list). Every parameter is part of the key; the previous numbers stay on
 * screen while new ones load.
 */
export function statsQuery(params: StatsParams) {
  return queryOptions({
    queryKey: statsKey(params),
    queryFn: async ({ signal }) => (await api('getTransactionStats', StatsBody, { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** The currency of the stats amounts: the platform's acquirers settle in reais. */
export const statsCurrency = settlementCurrency;
