/** The auth feature's query keys, built here alone (docs/design.md, "One name, one place"). */
const all = ['auth'] as const;

export const authKeys = {
  all,
  /** GET /v1/me: whom the session or token belongs to, and what it may do */
  me: () => [...all, 'me'] as const,
};
