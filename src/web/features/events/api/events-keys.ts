/**
 * The events feature's query keys, built here alone (docs/design.md, "One name, one place"). Live updates and retries
 * rewrite rows in every cached page, found by the `eventListsKey()` prefix.
 */
const root = 'events';

export const eventListsKey = () => [root, 'list'] as const;
/** one page of GET /v1/events: every parameter is part of the key */
export const eventListKey = (params: Readonly<Record<string, string | undefined>>) => [...eventListsKey(), params] as const;
