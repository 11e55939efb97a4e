import type { z } from 'zod/mini';
import { pageSizes } from '../../contract/list-query.ts';
import { pageLabel } from './page-position.ts';

/**
 * List views keep every filter, sort, page and page size in the URL. A view is described by a spec: the
 * contract's query shape (one zod schema per query parameter), the defaults that are left out of the URL,
 * and optional extra checks the dashboard adds on top of the contract (e.g. page size 20/50/100 only).
 * Values stay as text end to end: the URL, the API request and the controls all use the same strings.
 */

export interface ListUrlSpec<K extends string> {
  shape: Record<K, z.ZodMiniType>;
  /** Values that are omitted from the URL because the API assumes them anyway. */
  defaults: Partial<Record<K, string>>;
  /** Extra checks beyond the contract; return a reason to drop the value, or null to keep it. */
  refine?: Partial<Record<K, (value: string) => string | null>>;
  /** The key holding the page (number, or the label of a cursor page: lib/page-position.ts); it resets whenever anything else changes. */
  pageKey: K;
  /** The key holding the API's opaque keyset cursor; the page's position is this key and `pageKey` together. */
  cursorKey: K;
}

export interface DroppedParam {
  key: string;
  value: string;
  reason: string;
}

export interface ReadResult<K extends string> {
  /** Valid, non-default values from the URL, as text. */
  values: Partial<Record<K, string>>;
  dropped: DroppedParam[];
  /** The URL search params with dropped values and defaults removed; null when the URL is already canonical. */
  canonical: URLSearchParams | null;
}

function checkValue<K extends string>(spec: ListUrlSpec<K>, key: K, value: string): string | null {
  const result = spec.shape[key].safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue?.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
    return issue?.message ?? 'is not valid';
  }
  return spec.refine?.[key]?.(value) ?? null;
}

function specKeys<K extends string>(spec: ListUrlSpec<K>): K[] {
  return Object.keys(spec.shape) as K[];
}

/** Reads the spec's keys from the URL; other keys are left alone (not ours to judge). */
export function readListParams<K extends string>(spec: ListUrlSpec<K>, search: URLSearchParams): ReadResult<K> {
  const values: Partial<Record<K, string>> = {};
  const dropped: DroppedParam[] = [];
  let changed = false;
  for (const key of specKeys(spec)) {
    const all = search.getAll(key);
    if (all.length === 0) continue;
    const [first = '', ...rest] = all;
    for (const extra of rest) dropped.push({ key, value: extra, reason: 'was given more than once' });
    if (rest.length > 0) changed = true;
    const reason = checkValue(spec, key, first);
    if (reason !== null) {
      dropped.push({ key, value: first, reason });
      changed = true;
    } else if (spec.defaults[key] === first) {
      changed = true;
    } else {
      values[key] = first;
    }
  }
  return { values, dropped, canonical: changed ? writeValues(spec, search, values) : null };
}

function writeValues<K extends string>(
  spec: ListUrlSpec<K>,
  base: URLSearchParams,
  values: Partial<Record<K, string>>,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of specKeys(spec)) next.delete(key);
  for (const key of specKeys(spec)) {
    const value = values[key];
    if (value !== undefined && value !== '' && spec.defaults[key] !== value) next.set(key, value);
  }
  return next;
}

export type ListChanges<K extends string> = Partial<Record<K, string | null>>;

/** The keys that together say which page is shown: the page (label) and the cursor. */
const positionKeys = <K extends string>(spec: ListUrlSpec<K>): K[] => [spec.pageKey, spec.cursorKey];

/**
 * Applies changes (null or '' clears a key) to the current URL. Any change other than the position itself
 * sends the view back to page 1, because page 3 of another filter is a different, arbitrary slice (and its
 * cursor would be refused). A change of the position sets it whole: a page without a cursor drops the cursor.
 */
export function applyListChanges<K extends string>(
  spec: ListUrlSpec<K>,
  search: URLSearchParams,
  changes: ListChanges<K>,
): URLSearchParams {
  const { values } = readListParams(spec, search);
  const next: Partial<Record<K, string>> = { ...values };
  const position = positionKeys(spec);
  let resetPage = false;
  for (const key of Object.keys(changes) as K[]) {
    const value = changes[key];
    if (!position.includes(key) && (values[key] ?? spec.defaults[key] ?? '') !== (value ?? spec.defaults[key] ?? '')) {
      resetPage = true;
    }
    if (value === null || value === undefined || value === '') delete next[key];
    else next[key] = value;
  }
  const positionChanged = position.some((key) => key in changes);
  if (resetPage || positionChanged) for (const key of position) if (!(key in changes)) delete next[key];
  return writeValues(spec, search, next);
}

/** The value in effect for a key: the URL's valid value, else the default, else ''. */
export function effectiveValue<K extends string>(spec: ListUrlSpec<K>, values: Partial<Record<K, string>>, key: K): string {
  return values[key] ?? spec.defaults[key] ?? '';
}

/**
 * The filter parameters of a list's API parameters (no page, size or order): what a summary of the same rows
 * (e.g. the stats endpoint) is asked with, so the list and its totals never map filters differently.
 */
export function filterParams<K extends string>(params: Partial<Record<K, string>>, filterKeys: readonly K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of filterKeys) if (params[key] !== undefined && params[key] !== '') out[key] = params[key];
  return out;
}

/** Page sizes the dashboard offers (the API accepts 1 to 100). */
export const pageSizeOptions: readonly string[] = pageSizes.map(String);

/** The list defaults of the contract's query schemas, left out of the URL. */
export const listUrlDefaults = { page: '1', limit: '20', order_by: 'created_at', order_direction: 'desc' } as const;

export function refinePageSize(value: string): string | null {
  return pageSizeOptions.includes(value) ? null : `must be ${pageSizeOptions.slice(0, -1).join(', ')} or ${pageSizeOptions.at(-1)}`;
}

type ListShape = Record<'page' | 'cursor' | 'limit', z.ZodMiniType> & Record<string, z.ZodMiniType>;

/**
 * The URL spec of a list page from its contract query shape: the list defaults, the page sizes the dashboard
 * offers, and a position of `page` (a number, or a cursor page's label: lib/page-position.ts) and `cursor`.
 */
export function listUrlSpec<S extends ListShape>(shape: S): ListUrlSpec<Extract<keyof S, string>> {
  type K = Extract<keyof S, string>;
  return {
    shape: { ...shape, page: pageLabel },
    defaults: listUrlDefaults as Partial<Record<K, string>>,
    refine: { limit: refinePageSize } as ListUrlSpec<K>['refine'],
    pageKey: 'page' as K,
    cursorKey: 'cursor' as K,
  };
}

