import { queryOptions } from '@tanstack/react-query';
import { ProviderList } from '../../../../contract/providers.ts';
import { api } from '../../../lib/api-client.ts';
import { providersKey } from './credentials-keys.ts';

/** GET /v1/providers: the acquirers a credential can connect to, with their authentication fields. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: providersKey(),
    queryFn: async ({ signal }) => (await api('listProviders', ProviderList, { signal })).data,
    staleTime: 10 * 60_000,
  });
}
