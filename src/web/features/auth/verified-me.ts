import type { Me } from '../../../contract/me.ts';

/**
 * Sign-in checks a token by fetching /v1/me before storing it. The answer is kept here (memory only, with the
 * token it belongs to) so the signed-in session, which owns the query cache, starts with it instead of asking again.
 */
let verified: { token: string; me: Me; at: number } | null = null;

export function rememberVerifiedMe(token: string, me: Me): void {
  verified = { token, me, at: Date.now() };
}

/** The identity sign-in verified for this token and when, or null for any other token. */
export function verifiedMe(token: string | null): { me: Me; at: number } | null {
  return verified && token !== null && verified.token === token ? { me: verified.me, at: verified.at } : null;
}
