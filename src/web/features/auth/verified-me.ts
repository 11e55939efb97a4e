import type { Me } from '../../../contract/me.ts';

/**
 * Sign-in learns the identity when it checks the token (POST /v1/session or GET /v1/me). The answer is kept here
 * (memory only) so the signed-in layout, which owns the query cache, starts with it instead of asking again.
 */
let verified: { me: Me; at: number } | null = null;

export function rememberVerifiedMe(me: Me): void {
  verified = { me, at: Date.now() };
}

/** The identity sign-in verified and when, once: the next layout takes it, later ones ask the server. */
export function takeVerifiedMe(): { me: Me; at: number } | null {
  const taken = verified;
  verified = null;
  return taken;
}
