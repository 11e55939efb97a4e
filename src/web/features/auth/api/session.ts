import type { Me } from '../../../../contract/me.ts';
import type { PasskeySignIn } from '../../../../contract/passkeys.ts';
import { api, apiUnparsed } from '../../../lib/api-client.ts';
import { assertPasskey } from '../../../lib/passkey-ceremony.ts';
import { endSession, usesCookieSession } from '../../../lib/session.ts';
import { fetchMeWithToken, meSchema } from './me.ts';

/**
 * Token sign-in (developers, ALLOW_TOKEN_SIGN_IN): the same-origin dashboard exchanges the token for the HttpOnly
 * session cookie (POST /v1/session answers the identity); a dashboard on another origin checks it with GET /v1/me and
 * keeps it as a bearer token.
 */
export async function signInWith(token: string): Promise<Me> {
  if (!usesCookieSession()) return fetchMeWithToken(token);
  return (await api('createSession', await meSchema(), { token })).data;
}

/**
 * A sign-in step's answer (contract/people.ts SignInResult, read by hand: zod stays out of the first route). `passkey`:
 * the person has passkeys, offered first; the options go to the browser as they came.
 */
export type SignInStep = { next: 'signed_in' } | { next: 'second_factor'; challenge: string; passkey: object | null };

function stepOf(body: unknown): SignInStep {
  const v = body as { next?: unknown; challenge?: unknown; passkey?: unknown } | null | undefined;
  if (v?.next === 'second_factor' && typeof v.challenge === 'string') {
    return { next: 'second_factor', challenge: v.challenge, passkey: typeof v.passkey === 'object' && v.passkey !== null ? v.passkey : null };
  }
  return { next: 'signed_in' };
}

/** POST /v1/sign-in: email and password (the password lives only in this request's body). */
export const signInWithPassword = async (email: string, password: string) => stepOf(await apiUnparsed('signIn', { email, password }));

/** POST /v1/sign-in/second-factor: the app's 6-digit code or a recovery code, with the challenge of the first step. */
export const signInSecondFactor = async (challenge: string, code: string) => stepOf(await apiUnparsed('signInSecondFactor', { challenge, code }));

/** POST /v1/sign-in/passkey: the browser's passkey prompt for `options`, then its signed answer (with the password step's challenge, or alone). */
export async function signInWithPasskey(options: object, challenge?: string): Promise<SignInStep> {
  // the library's JSON interface is the contract's shape
  const response = (await assertPasskey(options)) as unknown as PasskeySignIn['response'];
  return stepOf(await apiUnparsed('signInWithPasskey', { ...(challenge === undefined ? {} : { challenge }), response }));
}

/** A passkey alone (discoverable, the person verified by the device): the options (POST /v1/sign-in/passkey/options), then as above. */
export const signInWithPasskeyAlone = async () => signInWithPasskey((await apiUnparsed('startPasskeySignIn')) as object);

/**
 * The session cookie is set: who signed in (GET /v1/me, parsed), for the signed-in layout to start with. `token: ''`
 * sends no bearer and leaves the tab's state to the caller, which starts the session once the identity is kept.
 */
export async function fetchSignedInMe(): Promise<Me> {
  return (await api('getMe', await meSchema(), { token: '' })).data;
}

/** Sign-out: ends the server session (DELETE /v1/session clears the cookie), then this tab's state; tells the other tabs. */
export async function signOut(): Promise<void> {
  try {
    if (usesCookieSession()) await api('deleteSession', null);
  } finally {
    endSession('signed-out');
  }
}
