import { SavedView, type ViewPage } from '../../../contract/saved-views.ts';
import { apiCall, apiPatch, apiPost } from '../api-client.ts';
import type { ViewState } from './view-url.ts';

/** Saved views' writes: only the toolbar's views panel, loaded on intent, makes them (views-api.ts reads). */
export async function createView(page: ViewPage, name: string, state: ViewState): Promise<SavedView> {
  return (await apiPost('/v1/views', { name, page, filters: state.filters, datePreset: state.datePreset ?? null, order: state.order, columns: state.columns }, SavedView)).data;
}

export async function renameView(id: string, name: string): Promise<SavedView> {
  return (await apiPatch(`/v1/views/${encodeURIComponent(id)}`, { name }, SavedView)).data;
}

/** Replaces a view's filters, order and columns with the list's current ones ("Update with current filters"); name and id stay. */
export async function replaceView(id: string, state: ViewState): Promise<SavedView> {
  return (await apiPatch(`/v1/views/${encodeURIComponent(id)}`, { filters: state.filters, datePreset: state.datePreset ?? null, order: state.order, columns: state.columns }, SavedView)).data;
}

export async function deleteView(id: string): Promise<void> {
  await apiCall('DELETE', `/v1/views/${encodeURIComponent(id)}`, null);
}
