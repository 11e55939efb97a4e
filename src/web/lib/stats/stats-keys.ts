/** The stats queries' keys (the Overview and the transactions list's totals), built here alone (docs/design.md). */
const root = 'stats';

/** GET /v1/transactions/stats: every parameter is part of the key */
export const statsKey = (params: Readonly<Record<string, string | undefined>>) => [root, params] as const;
