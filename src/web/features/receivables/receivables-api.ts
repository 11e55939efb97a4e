import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { csvContentType } from '../../../contract/export.ts';
import { totalCountHeaderName } from '../../../contract/headers.ts';
import type { AnticipationInput, AnticipationSimulation, Arrangements, Calendar, Margin, ReceivableList } from '../../../contract/receivables.ts';
import { api, apiStream } from '../../lib/api-client.ts';
import { objectWith } from '../../lib/shape.ts';
import { receivablesArrangementsKey, receivablesCalendarKey, receivablesListKey, receivablesMarginKey } from './receivables-keys.ts';
import { apiPath } from '../../../contract/endpoints.ts';

type Params = Readonly<Record<string, string | undefined>>;

/** Bodies are checked for their shape's root only: the server validates every response against the contract in its tests. */


export const calendarQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesCalendarKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesCalendar', objectWith<Calendar>('a receivables calendar', 'summary'), { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const arrangementsQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesArrangementsKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesArrangements', objectWith<Arrangements>('a list of arrangements', 'data'), { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const receivablesListQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesListKey(params),
    queryFn: async ({ signal }) => {
      const response = await api('listReceivables', objectWith<ReceivableList>('a receivables list', 'data'), { query: params, signal });
      return { ...response.data, total: Number(response.headers.get(totalCountHeaderName) ?? response.data.data.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const marginQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesMarginKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesMargin', objectWith<Margin>('a margin', 'data'), { query: params, signal })).data,
    staleTime: 60_000,
  });

export const simulateAnticipation = async (body: AnticipationInput) =>
  (await api('simulateAnticipation', objectWith<AnticipationSimulation>('an anticipation simulation', 'units'), { body })).data;

/** The filtered receivables as a CSV file (the session's credentials; the file is saved by the browser). */
export async function exportReceivablesCsv(params: Params): Promise<void> {
  const response = await apiStream(apiPath('listReceivables'), { params: { ...params, csv_dialect: 'excel-br' }, accept: csvContentType });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `receivables-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
