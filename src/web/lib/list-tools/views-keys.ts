import type { ViewPage } from '../../../contract/saved-views.ts';

/** Saved views' query keys, built here alone (docs/design.md): a write refreshes its list's page of views. */
const all = ['views'] as const;

export const viewsKeys = {
  all,
  /** GET /v1/views?page=: the views of one list */
  page: (page: ViewPage) => [...all, page] as const,
};
