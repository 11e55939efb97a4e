import { queryOptions } from '@tanstack/react-query';
import type { ReceivableList } from '../../../../contract/receivables.ts';
import { api } from '../../../lib/api-client.ts';
import { objectWith } from '../../../lib/shape.ts';
import { summaryReceivablesKey } from './transactions-keys.ts';

const Body = objectWith<ReceivableList>('a receivables list', 'data');

/** The receivables of one sale (its installments and any adjustment), in due date order; a sale has at most a few dozen. */
export const installmentsQuery = (summaryId: string) =>
  queryOptions({
    queryKey: summaryReceivablesKey(summaryId),
    queryFn: async ({ signal }) => (await api('listReceivables', Body, { query: { summary_id: summaryId, limit: '100' }, signal })).data.data,
    staleTime: 15_000,
  });
