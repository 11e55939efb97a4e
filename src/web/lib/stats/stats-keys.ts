/** The stats queries' keys (the Overview and the transactions list's totals), built here alone (docs/design.md). */
const all = ['stats'] as const;

export const statsKeys = {
  all,
  /** GET /v1/transactions/stats: every parameter is part of the key */
  of: (params: Readonly<Record<string, string | undefined>>) => [...all, params] as const,
};
