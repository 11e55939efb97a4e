import { queryOptions } from '@tanstack/react-query';
import { SavedViewList, type ViewPage } from '../../../contract/saved-views.ts';
import { api } from '../api-client.ts';
import { viewsKey } from './views-keys.ts';

export function savedViewsQuery(page: ViewPage) {
  return queryOptions({
    queryKey: viewsKey(page),
    queryFn: async ({ signal }) => (await api('listSavedViews', SavedViewList, { query: { page }, signal })).data,
    staleTime: 60_000,
  });
}

/** The default view of a list is this browser's choice for the signed-in token (localStorage: a view id, no secret). */
export function defaultViewKey(page: string, owner: string): string {
  return `acq.defaultView.v1:${owner}:${page}`;
}

export function readDefaultView(page: string, owner: string): string | null {
  try {
    const id = window.localStorage.getItem(defaultViewKey(page, owner));
    return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

export function writeDefaultView(page: string, owner: string, id: string | null): void {
  try {
    if (id === null) window.localStorage.removeItem(defaultViewKey(page, owner));
    else window.localStorage.setItem(defaultViewKey(page, owner), id);
  } catch {
    /* storage full or blocked: the default simply does not stick */
  }
}
