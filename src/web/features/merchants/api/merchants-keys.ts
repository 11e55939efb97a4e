/**
 * The merchants feature's query keys, built here alone (docs/design.md, "One name, one place"). Adding a merchant
 * invalidates `merchantListsKey()`: every cached page of the list, whatever its search.
 */
const root = 'merchants';

export const merchantListsKey = () => [root, 'list'] as const;
/** one page of GET /v1/merchants: every parameter is part of the key */
export const merchantListKey = (params: Readonly<Record<string, string | undefined>>) => [...merchantListsKey(), params] as const;
