/**
 * The credentials feature's query keys, built here alone (docs/design.md, "One name, one place"). A change to a
 * connection invalidates by the prefixes below: `connections()` is every cached copy of one (list pages, its page, its
 * history), `lists()` the list pages alone; neither reaches the merchant search nor the acquirers.
 */
const all = ['credentials'] as const;
const connections = [...all, 'connection'] as const;
const lists = [...connections, 'list'] as const;

export const credentialsKeys = {
  all,
  connections: () => connections,
  lists: () => lists,
  /** one page of GET /v1/credentials: every parameter is part of the key */
  list: (params: Readonly<Record<string, string | undefined>>) => [...lists, params] as const,
  /** GET /v1/credentials/{id} with its ETag */
  one: (id: string) => [...connections, 'one', id] as const,
  /** GET /v1/credentials/{id}/history */
  history: (id: string) => [...connections, 'history', id] as const,
  /** GET /v1/merchants?q=: the merchant field's options */
  merchantSearch: (q: string) => [...all, 'merchant-search', q] as const,
  /** GET /v1/providers */
  providers: () => [...all, 'providers'] as const,
};
