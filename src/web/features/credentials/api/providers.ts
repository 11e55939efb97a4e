import { queryOptions } from '@tanstack/react-query';
import { ProviderList } from '../../../../contract/providers.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { providersKey } from './credentials-keys.ts';
import { apiPath } from '../../../../contract/endpoints.ts';

/** GET /v1/providers: the acquirers a credential can connect to, with their authentication fields. */
export function providersQueryOptions() {
  return queryOptions({
    queryKey: providersKey(),
    queryFn: async ({ signal }) => (await apiGet(apiPath('listProviders'), ProviderList, { signal })).data,
    staleTime: 10 * 60_000,
  });
}
