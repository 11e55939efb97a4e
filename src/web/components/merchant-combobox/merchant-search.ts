import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MerchantList } from '../../../contract/merchants.ts';
import { api } from '../../lib/api-client.ts';
import { merchantSearchKey } from './merchant-search-keys.ts';

/** GET /v1/merchants?q=: the combobox's options as the user types (the previous answer stays meanwhile). */
export function merchantSearchQuery(q: string) {
  const params: Record<string, string> = { limit: '8' };
  if (q.trim() !== '') params.q = q.trim();
  return queryOptions({
    queryKey: merchantSearchKey(q.trim()),
    queryFn: async ({ signal }) => (await api('listMerchants', MerchantList, { query: params, signal })).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
