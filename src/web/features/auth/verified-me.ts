/**
 * The identity, learnt before the signed-in layout exists: sign-in checks the token (POST /v1/session or GET /v1/me,
 * parsed), a new tab's session probe asks GET /v1/me (session-probe.ts, not parsed: the schema loads with the
 * layout). The answer is kept here (memory only) so the layout, which owns the query cache, starts with it (checked
 * against the Me schema) instead of asking again.
 */
let verified: { me: unknown; at: number } | null = null;

export function rememberVerifiedMe(me: unknown): void {
  verified = { me, at: Date.now() };
}

/** The identity sign-in or the probe learnt and when, once: the next layout takes it, later ones ask the server. */
export function takeVerifiedMe(): { me: unknown; at: number } | null {
  const taken = verified;
  verified = null;
  return taken;
}
