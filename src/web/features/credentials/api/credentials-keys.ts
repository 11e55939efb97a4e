/**
 * The credentials feature's query keys, built here alone (docs/design.md, "One name, one place"). A change to a
 * connection invalidates by prefix: `connectionsKey()` is every cached copy of one (list pages, its page, its
 * history), `connectionListsKey()` the list pages alone; neither reaches the merchant search nor the acquirers.
 */
const root = 'credentials';

export const connectionsKey = () => [root, 'connection'] as const;
export const connectionListsKey = () => [...connectionsKey(), 'list'] as const;
/** one page of GET /v1/credentials: every parameter is part of the key */
export const connectionListKey = (params: Readonly<Record<string, string | undefined>>) => [...connectionListsKey(), params] as const;
/** GET /v1/credentials/{id} with its ETag */
export const connectionKey = (id: string) => [...connectionsKey(), 'one', id] as const;
/** GET /v1/credentials/{id}/history */
export const connectionHistoryKey = (id: string) => [...connectionsKey(), 'history', id] as const;
/** GET /v1/providers */
export const providersKey = () => [root, 'providers'] as const;
