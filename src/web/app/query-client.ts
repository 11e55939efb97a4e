import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client.ts';
import { endSession } from '../lib/session.ts';

function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

/** A 401 for a session cookie the server had issued and no longer accepts (expired, signed out, token revoked). */
function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && (error.problem?.type.endsWith('/session-ended') ?? false);
}

/**
 * One QueryClient for the app. A 401 from any query or mutation ends the session in this tab and RequireAuth sends the operator to sign-in with the page they were on.
 * 4xx answers are not retried (they will not change); network and 5xx failures are, twice.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) forget(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) forget(error);
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
  function forget(error: unknown) {
    endSession('expired', isSessionEnded(error));
    client.removeQueries();
  }
  return client;
}
