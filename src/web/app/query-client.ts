import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import { endSession } from '../lib/session.ts';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/**
 * One QueryClient for the app. A 401 from any query or mutation ends the session in this tab and RequireAuth sends the operator to sign-in with the page they were on.
 * 4xx answers are not retried (they will not change); network and 5xx failures are, twice.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) forget();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) forget();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          if (isApiError(error) && error.kind === 'parse') return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
  function forget() {
    endSession('expired');
    client.removeQueries();
  }
  return client;
}
