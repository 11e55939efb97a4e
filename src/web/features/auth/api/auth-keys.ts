/**
 * The auth feature's query keys, built here alone (docs/design.md, "One name, one place"). Plain functions, not an
 * object: a bundle keeps only the keys it uses, and the minifier renames them.
 */
const root = 'auth';

/** GET /v1/me: whom the session or token belongs to, and what it may do */
export const meKey = () => [root, 'me'] as const;
