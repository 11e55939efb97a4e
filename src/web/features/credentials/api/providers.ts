import { useCallback } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProviderList, type Provider } from '../../../../contract/providers.ts';
import { useT } from '../../../lib/i18n/i18n.tsx';
import { localizeProviders } from '../field-texts.ts';
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

/** The providers in the user's language (their fields' labels and hints: field-texts.ts). */
export function useProviders() {
  const t = useT();
  const select = useCallback((list: Provider[]) => localizeProviders(t, list), [t]);
  return useQuery({ ...providersQueryOptions(), select });
}
