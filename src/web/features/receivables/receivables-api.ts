import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { csvContentType } from '../../../contract/export.ts';
import { totalCountHeaderName } from '../../../contract/headers.ts';
import type { AnticipationInput, AnticipationSimulation, Arrangements, Calendar, Margin, ReceivableList } from '../../../contract/receivables.ts';
import { api, apiStream } from '../../lib/api-client.ts';
import { receivablesArrangementsKey, receivablesCalendarKey, receivablesListKey, receivablesMarginKey } from './receivables-keys.ts';
import { apiPath } from '../../../contract/endpoints.ts';

type Params = Readonly<Record<string, string | undefined>>;

/** Bodies are checked for their shape's root only: the server validates every response against the contract in its tests. */
const has = <T>(key: string, what: string) => z.custom<T>((v) => typeof v === 'object' && v !== null && key in v, `not a ${what}`);

export const calendarQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesCalendarKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesCalendar', has<Calendar>('summary', 'receivables calendar'), { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const arrangementsQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesArrangementsKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesArrangements', has<Arrangements>('data', 'receivables arrangements'), { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const receivablesListQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesListKey(params),
    queryFn: async ({ signal }) => {
      const response = await api('listReceivables', has<ReceivableList>('data', 'receivables list'), { query: params, signal });
      return { ...response.data, total: Number(response.headers.get(totalCountHeaderName) ?? response.data.data.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });

export const marginQuery = (params: Params) =>
  queryOptions({
    queryKey: receivablesMarginKey(params),
    queryFn: async ({ signal }) => (await api('getReceivablesMargin', has<Margin>('data', 'margin'), { query: params, signal })).data,
    staleTime: 60_000,
  });

export const simulateAnticipation = async (body: AnticipationInput) =>
  (await api('simulateAnticipation', has<AnticipationSimulation>('units', 'anticipation simulation'), { body })).data;

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
