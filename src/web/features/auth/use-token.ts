import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionState } from '../../lib/session.ts';

const serverSnapshot: SessionState = { status: 'unknown', token: null };

/** The tab's session state, re-rendering when it changes (sign-in, sign-out, a 401, another tab). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, () => serverSnapshot);
}
