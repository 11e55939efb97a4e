import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { ReceivableList } from '../../../../contract/receivables.ts';
import { api } from '../../../lib/api-client.ts';
import { summaryReceivablesKey } from './transactions-keys.ts';

const Body = z.custom<ReceivableList>((v) => typeof v === 'object' && v !== null && 'data' in v, 'not a receivables list');

/** The receivables of one sale (its installments and any adjustment), in due date order; a sale has at most a few dozen. */
export const installmentsQuery = (summaryId: string) =>
  queryOptions({
    queryKey: summaryReceivablesKey(summaryId),
    queryFn: async ({ signal }) => (await api('listReceivables', Body, { query: { summary_id: summaryId, limit: '100' }, signal })).data.data,
    staleTime: 15_000,
  });
