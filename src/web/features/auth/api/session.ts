import type { Me } from '../../../../contract/me.ts';
import { api } from '../../../lib/api-client.ts';
import { endSession, usesCookieSession } from '../../../lib/session.ts';
import { fetchMeWithToken, meSchema } from './me.ts';

/**
 * Sign-in: the same-origin dashboard exchanges the token for the HttpOnly session cookie (POST /v1/session
 * answers the identity); a dashboard on another origin checks it with GET /v1/me and keeps it as a bearer token.
 */
export async function signInWith(token: string): Promise<Me> {
  if (!usesCookieSession()) return fetchMeWithToken(token);
  return (await api('createSession', await meSchema(), { token })).data;
}

/** Sign-out: ends the server session (DELETE /v1/session clears the cookie), then this tab's state; tells the other tabs. */
export async function signOut(): Promise<void> {
  try {
    if (usesCookieSession()) await api('deleteSession', null);
  } finally {
    endSession('signed-out');
  }
}
