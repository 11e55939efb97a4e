/**
 * The events feature's query keys, built here alone (docs/design.md, "One name, one place"). Live updates and retries
 * rewrite rows in every cached page, found by the `lists()` prefix.
 */
const all = ['events'] as const;
const lists = [...all, 'list'] as const;

export const eventsKeys = {
  all,
  lists: () => lists,
  /** one page of GET /v1/events: every parameter is part of the key */
  list: (params: Readonly<Record<string, string | undefined>>) => [...lists, params] as const,
};
