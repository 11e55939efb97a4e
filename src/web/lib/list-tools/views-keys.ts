import type { ViewPage } from '../../../contract/saved-views.ts';

/** Saved views' query keys, built here alone (docs/design.md): a write refreshes its list's page of views. */
const root = 'views';

/** GET /v1/views?page=: the views of one list */
export const viewsKey = (page: ViewPage) => [root, page] as const;
