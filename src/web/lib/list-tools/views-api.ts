import { queryOptions } from '@tanstack/react-query';
import { SavedView, SavedViewList, type ViewPage } from '../../../contract/saved-views.ts';
import { apiCall, apiGet, apiPatch, apiPost } from '../api-client.ts';
import type { ViewState } from './view-url.ts';

/** Saved views' query keys, defined once: every view of the organization, and one page's. */
export const viewKeys = {
  all: ['views'] as const,
  page: (page: ViewPage) => ['views', page] as const,
};

export function savedViewsQuery(page: ViewPage) {
  return queryOptions({
    queryKey: viewKeys.page(page),
    queryFn: async ({ signal }) => (await apiGet('/v1/views', SavedViewList, { params: { page }, signal })).data,
    staleTime: 60_000,
  });
}

export async function createView(page: ViewPage, name: string, state: ViewState): Promise<SavedView> {
  return (await apiPost('/v1/views', { name, page, filters: state.filters, order: state.order, columns: state.columns }, SavedView)).data;
}

export async function renameView(id: string, name: string): Promise<SavedView> {
  return (await apiPatch(`/v1/views/${encodeURIComponent(id)}`, { name }, SavedView)).data;
}

/** Replaces a view's filters, order and columns with the list's current ones. */
export async function replaceView(id: string, state: ViewState): Promise<SavedView> {
  return (await apiPatch(`/v1/views/${encodeURIComponent(id)}`, { filters: state.filters, order: state.order, columns: state.columns }, SavedView)).data;
}

export async function deleteView(id: string): Promise<void> {
  await apiCall('DELETE', `/v1/views/${encodeURIComponent(id)}`, null);
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
