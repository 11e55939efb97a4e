import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { MerchantList, type Merchant } from '../../../../contract/merchants.ts';
import { pagingHeaders, type PagingHeaders } from '../../../components/data-table/paging.ts';
import { api } from '../../../lib/api-client.ts';
import type { MerchantKey } from '../merchants-url.ts';
import { merchantListKey } from './merchants-keys.ts';

export interface MerchantPage {
  rows: Merchant[];
  paging: PagingHeaders;
}

/** One page of GET /v1/merchants (q: part of the name or the CNPJ's start). */
export function merchantsQuery(params: Partial<Record<MerchantKey, string>>) {
  return queryOptions({
    queryKey: merchantListKey(params),
    queryFn: async ({ signal }): Promise<MerchantPage> => {
      const { data, headers } = await api('listMerchants', MerchantList, { query: params, signal });
      return { rows: data, paging: pagingHeaders(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
