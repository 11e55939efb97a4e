import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '../../lib/session.ts';

/** The current access token (or null), re-rendering when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
