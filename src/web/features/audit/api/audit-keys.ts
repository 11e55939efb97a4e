/** The audit feature's query keys, built here alone (docs/design.md, "One name, one place"). */
const root = 'audit';

/** one page of GET /v1/audit: every parameter is part of the key */
export const auditListKey = (params: Readonly<Record<string, string | undefined>>) => [root, 'list', params] as const;
