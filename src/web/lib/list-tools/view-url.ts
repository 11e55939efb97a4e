import type { DatePreset } from '../../../contract/saved-views.ts';
import { matchPreset, operatorTimeZone, presetRange } from '../url-state-dates.ts';
import { toApiColumns, fromApiColumns, type ApiColumnMap } from './api-columns.ts';

/** A saved view as the dashboard reads it (contract SavedView without the bookkeeping fields). */
export interface ViewState {
  filters: Record<string, string>;
  /** created_at kept as a relative period (This week…), resolved when applied; filters then have no created_at */
  datePreset?: DatePreset | null;
  order: { by: string; direction: 'asc' | 'desc' } | null;
  columns: string[] | null;
}

export interface ListShape {
  /** the URL keys that are filters */
  filterKeys: readonly string[];
  /** the order keys; `by: null` for a list with one fixed order (`fixedBy`) */
  orderKeys: { by: string | null; direction: string; fixedBy?: string };
  /** the defaults the URL leaves out */
  defaults: Readonly<Record<string, string>>;
  apiColumns: ApiColumnMap;
  choosable: readonly string[];
}

/** Where and when the list is seen: the operator's zone and now (tests give their own). */
export interface ViewClock {
  nowMs: number;
  timeZone: string;
}
const clockNow = (): ViewClock => ({ nowMs: Date.now(), timeZone: operatorTimeZone() });

/**
 * The current list (URL values and visible columns) as a view to save. A created_at that is one of the date presets
 * right now (This week, Last 30 days…) is kept as that preset, so the view moves with the calendar; other dates stay
 * dates.
 */
export function viewFromList(values: Readonly<Record<string, string | undefined>>, visible: readonly string[], shape: ListShape, clock = clockNow()): ViewState {
  const filters: Record<string, string> = {};
  for (const key of shape.filterKeys) {
    const value = values[key];
    if (value !== undefined && value !== '') filters[key] = value;
  }
  const datePreset = filters.created_at === undefined ? null : matchPreset(filters.created_at, clock.nowMs, clock.timeZone);
  if (datePreset) delete filters.created_at;
  const at = (key: string) => values[key] ?? shape.defaults[key] ?? '';
  const by = shape.orderKeys.by === null ? (shape.orderKeys.fixedBy ?? 'created_at') : at(shape.orderKeys.by);
  const direction = at(shape.orderKeys.direction) === 'asc' ? 'asc' : 'desc';
  return { filters, datePreset, order: { by, direction }, columns: toApiColumns(visible, shape.apiColumns) };
}

/**
 * What applying a view writes: every filter key is set to the view's value or cleared (a view replaces the
 * filters, it does not add to them; a kept period becomes its dates of today), the order (the list default when the
 * view has none) and page 1.
 * `columns` is the visible dashboard columns, or null for the list default.
 */
export function viewToList(view: ViewState, shape: ListShape, clock = clockNow()): { changes: Record<string, string | null>; columns: string[] | null } {
  const changes: Record<string, string | null> = {};
  for (const key of shape.filterKeys) changes[key] = view.filters[key] ?? null;
  // a kept period is resolved now: "This week" is this week whenever the view is applied
  if (view.datePreset && shape.filterKeys.includes('created_at')) changes.created_at = presetRange(view.datePreset, clock.nowMs, clock.timeZone);
  if (shape.orderKeys.by !== null) changes[shape.orderKeys.by] = view.order?.by ?? null;
  changes[shape.orderKeys.direction] = view.order?.direction ?? null;
  changes.page = null;
  const columns = view.columns ? fromApiColumns(view.columns, shape.apiColumns, shape.choosable) : null;
  return { changes, columns: columns && columns.length > 0 ? columns : null };
}

/** Whether the list shows exactly this view (filters and order; columns compared as exported). */
export function listMatchesView(view: ViewState, current: ViewState): boolean {
  if ((view.datePreset ?? null) !== (current.datePreset ?? null)) return false;
  const keys = new Set([...Object.keys(view.filters), ...Object.keys(current.filters)]);
  for (const key of keys) if ((view.filters[key] ?? '') !== (current.filters[key] ?? '')) return false;
  if (view.order && current.order && (view.order.by !== current.order.by || view.order.direction !== current.order.direction)) return false;
  if (view.columns && current.columns && view.columns.join(',') !== current.columns.join(',')) return false;
  return true;
}

/** True when the URL holds none of the list's filters: the moment a default view applies. */
export function hasNoFilters(values: Readonly<Record<string, string | undefined>>, shape: Pick<ListShape, 'filterKeys'>): boolean {
  return shape.filterKeys.every((key) => values[key] === undefined || values[key] === '');
}
