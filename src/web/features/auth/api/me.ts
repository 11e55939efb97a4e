import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../../../contract/me.ts';
import { api } from '../../../lib/api-client.ts';
import { meKey } from './auth-keys.ts';

/** The Me schema loads on first use (sign-in submits, or a signed-in page loads), keeping zod out of the first route. */
export async function meSchema() {
  return (await import('../../../../contract/me.ts')).Me;
}

/** GET /v1/me: who the token belongs to and what it may do. Fresh for the whole session. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meKey(),
    queryFn: async ({ signal }) => (await api('getMe', await meSchema(), { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Checks a token before it is stored (sign-in). */
export async function fetchMeWithToken(token: string): Promise<Me> {
  return (await api('getMe', await meSchema(), { token })).data;
}
