import { metaHelper, rowExpandingFeature, rowSortingFeature, tableFeatures, type SortingState } from '@tanstack/react-table';

export interface DataColumnMeta {
  /** Label for the stacked (card) layout and the mobile sort menu. */
  label: string;
  align?: 'start' | 'end';
  /** Monospace identifiers and digits. */
  mono?: boolean;
  /**
   * Place in the narrow-screen card: 'primary' (large, top left), 'aside' (top right), 'sub' (a muted
   * line under the top), 'hidden' (detail panel only); default: a labelled cell in the card's grid.
   */
  card?: 'primary' | 'aside' | 'sub' | 'hidden';
  /** Always shown, in its place, and not offered by the column chooser (row actions). Columns without meta are too. */
  fixed?: boolean;
  /** Offered by the column chooser but off until chosen (the response code and decline reason columns). */
  optional?: boolean;
}

/**
 * The features every server-driven list uses: sorting state (the server sorts; manualSorting),
 * expansion state (the detail panel is ours to render). The user's column layout (visibility and order) is applied
 * by handing the table only the visible columns, in order (use-server-list): TanStack's column visibility and
 * ordering features are not needed (~1.5 KB on the wire). No client row models: the table renders exactly the page
 * the API returned.
 */
export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowExpandingFeature,
  columnMeta: metaHelper<DataColumnMeta>(),
});
export type ListFeatures = typeof listFeatures;

export type Direction = 'asc' | 'desc';

export function sortingState(orderBy: string, direction: string): SortingState {
  return [{ id: orderBy, desc: direction !== 'asc' }];
}

/** Resolves a sorting updater to the single order the API takes. */
export function nextOrder(current: SortingState, updater: SortingState | ((old: SortingState) => SortingState)) {
  const next = typeof updater === 'function' ? updater(current) : updater;
  const first = next[0];
  return first ? { order_by: first.id, order_direction: (first.desc ? 'desc' : 'asc') } : null;
}
