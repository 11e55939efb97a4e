import { SavedView, type ViewPage } from '../../../contract/saved-views.ts';
import { api, type BodyOf } from '../api-client.ts';
import type { ViewState } from './view-url.ts';

/** Saved views' writes: only the toolbar's views panel, loaded on intent, makes them (views-api.ts reads). */
export async function createView(page: ViewPage, name: string, state: ViewState): Promise<SavedView> {
  // the list tools hold any page's order and columns as text; the API checks them against the page's own (400 naming the field)
  const body = { name, page, filters: state.filters, datePreset: state.datePreset ?? null, order: state.order, columns: state.columns } as BodyOf<'createSavedView'>;
  return (await api('createSavedView', SavedView, { body })).data;
}

export async function renameView(id: string, name: string): Promise<SavedView> {
  return (await api('updateSavedView', SavedView, { path: { id }, body: { name } })).data;
}

/** Replaces a view's filters, order and columns with the list's current ones ("Update with current filters"); name and id stay. */
export async function replaceView(id: string, state: ViewState): Promise<SavedView> {
  return (await api('updateSavedView', SavedView, { path: { id }, body: { filters: state.filters, datePreset: state.datePreset ?? null, order: state.order, columns: state.columns } })).data;
}

export async function deleteView(id: string): Promise<void> {
  await api('deleteSavedView', null, { path: { id } });
}
