import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { hashKey, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { useTable, type ColumnDef, type ExpandedState, type RowData } from '@tanstack/react-table';
import { expandColumn } from '../components/data-table/column-helpers.tsx';
import { listFeatures, nextOrder, sortingState, type ListFeatures } from '../components/data-table/features.ts';
import type { PagingHeaders } from '../components/data-table/paging.ts';
import type { ViewPage } from '../../contract/saved-views.ts';
import type { ApiColumnMap } from './list-tools/api-columns.ts';
import type { ColumnSet } from './list-tools/column-layout.ts';
import { columnsParam, useColumnLayout } from './list-tools/use-column-layout.ts';
import { effectiveValue, type ListChanges, type ListUrlSpec } from './url-state.ts';
import { useListUrlState } from './url-state-hook.ts';
import { apiPaging, useListPaging } from './use-list-paging.ts';

/** One page as every list query returns it: the rows and the paging headers. */
export interface ListPage<TRow> {
  rows: TRow[];
  paging: PagingHeaders;
}

type ListParams<K extends string> = Partial<Record<K, string>>;

/** What makes a list: its URL spec, its query, its columns and filters. Everything else is shared. */
export interface ServerListConfig<K extends string, TRow extends RowData> {
  spec: ListUrlSpec<K>;
  /** TanStack Query options of one page for the given API parameters (the key must include them all). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list's own (tagged) key type
  query: (params: ListParams<K>) => UseQueryOptions<ListPage<TRow>, Error, ListPage<TRow>, any>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type
  columns: ColumnDef<ListFeatures, TRow, any>[];
  getRowId: (row: TRow) => string;
  /** the URL keys that are filters (for "no match with these filters" and "clear filters") */
  filterKeys: readonly K[];
  /** the keys that hold the order; a list with one fixed order names only the direction */
  orderKeys: { by: K | null; direction: K; fixedBy?: string };
  /** rows open a detail panel in place, under a disclosure button the list puts first */
  detail?: RowDetailConfig<TRow>;
  refetchInterval?: number | false;
  /** the list's toolbar: column chooser, and for lists the API can export, CSV export and saved views */
  tools?: ListToolsConfig;
}

/** The one way a list's rows open in place (the events' processing and fields, the transactions' cycles). */
export interface RowDetailConfig<TRow> {
  /** prefix of the panels' element ids (the buttons' aria-controls), unique on the page */
  idPrefix: string;
  /** what a row is, for its button's name: "Show details of {label}" */
  describe: (row: TRow) => string;
  /** the panel of an open row; keep it stable (module level) so unchanged rows skip re-rendering */
  render: (row: TRow) => ReactNode;
  /** starts loading the panel's code (components/data-table/lazy-detail.tsx): called on a row button's hover or focus */
  preload?: () => void;
}

export interface ListToolsConfig {
  /** names the list in this browser's storage (column layout, default view) */
  listId: string;
  /** the signed-in token (organization and token id): each keeps its own layout on a shared browser */
  owner: string;
  /** dashboard column id -> API export columns; with `exportPath`, enables CSV export */
  apiColumns?: ApiColumnMap;
  exportPath?: string;
  /** API column -> its label in the export's header, for the parts of a column that shows several (the events card) */
  exportPartLabels?: Readonly<Record<string, string>>;
  /** the download's name before the date, in the user's language (transacoes, transactions) */
  exportFileBase?: string;
  /** enables the saved views of this API page */
  viewPage?: ViewPage;
  /** the token has views:write: save, rename, delete */
  canWriteViews?: boolean;
  /** a merchant token's or operator's merchants: it may change only their views */
  merchantIds?: readonly string[] | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type
function columnSetOf(columns: ColumnDef<ListFeatures, any, any>[]): ColumnSet {
  const all = columns.map((c) => c.id ?? '').filter(Boolean);
  // the disclosure column has no meta; row actions are `fixed`
  const choosable = columns.filter((c) => c.id && c.meta !== undefined && c.meta.fixed !== true).map((c) => c.id ?? '');
  const optional = new Set(columns.filter((c) => c.meta?.optional === true).map((c) => c.id));
  return { all, choosable, defaults: choosable.filter((id) => !optional.has(id)) };
}

/** The columns the table shows, in the layout's order (a column the layout does not name keeps its place at the end). */
function visibleColumns<C extends { id?: string }>(columns: C[], order: readonly string[], visibility: Readonly<Record<string, boolean>>): C[] {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const named = new Set(order);
  const ordered = order.map((id) => byId.get(id)).filter((c): c is C => c !== undefined);
  return [...ordered, ...columns.filter((c) => c.id === undefined || !named.has(c.id))].filter((c) => c.id === undefined || visibility[c.id] !== false);
}

const emptyRows: never[] = [];

/**
 * The plumbing every server-driven list page shares: URL state (filters, order, position, size), the page query
 * with the previous page kept on screen, prefetch of the new view in the input event itself and of the next
 * page once this one shows, paging by the response's Link cursors (use-list-paging.ts), and the table setup
 * (server sorting, and rows that open in place: `detail`).
 */
export function useServerList<K extends string, TRow extends RowData>(config: ServerListConfig<K, TRow>) {
  const { spec, query: queryOf, orderKeys } = config;
  const url = useListUrlState(spec);
  const { values, get, preview } = url;
  const limitKey = 'limit' as K;
  const limit = Number(get(limitKey));
  /** The API parameters of URL values: every value, the defaults of size and order, and the page or the cursor. */
  const paramsOf = useCallback(
    (v: ListParams<K>): ListParams<K> => {
      const at = (key: K) => effectiveValue(spec, v, key);
      const order: ListParams<K> = { [orderKeys.direction]: at(orderKeys.direction) } as ListParams<K>;
      if (orderKeys.by !== null) order[orderKeys.by] = at(orderKeys.by);
      return { ...apiPaging(spec, v), [limitKey]: String(Number(at(limitKey))), ...order };
    },
    [spec, orderKeys, limitKey],
  );
  const params = useMemo(() => paramsOf(values), [paramsOf, values]);
  const current = queryOf(params);
  const query = useQuery({ ...current, refetchInterval: config.refetchInterval ?? false });
  const queryClient = useQueryClient();

  // A change of the view starts loading its page in the input's own event, not after the navigation has
  // rendered; the query that renders it then joins that request (same key).
  const navigate = useCallback(
    (changes: ListChanges<K>, replace = false) => {
      const next = queryOf(paramsOf(preview(changes)));
      if (hashKey(next.queryKey as readonly unknown[]) !== hashKey(current.queryKey as readonly unknown[])) void queryClient.prefetchQuery(next);
      url.update(changes, undefined, replace);
    },
    [queryOf, paramsOf, preview, current.queryKey, queryClient, url],
  );
  const update = useCallback((changes: ListChanges<K>) => navigate(changes), [navigate]);

  const rows: TRow[] = query.data?.rows ?? emptyRows;
  const pageQueryOf = useCallback((v: ListParams<K>) => queryOf(paramsOf(v)), [queryOf, paramsOf]);
  const paging = useListPaging({ spec, values, limit, query, queryOf: pageQueryOf, update: navigate });

  const orderBy = orderKeys.by === null ? (orderKeys.fixedBy ?? '') : get(orderKeys.by);
  const sorting = useMemo(() => sortingState(orderBy, get(orderKeys.direction)), [orderBy, get, orderKeys.direction]);
  const { detail } = config;
  // open rows by row id (getRowId), never by position: several open at once, and a row is open again when its page
  // comes back (paging back, or a live list inserting rows above it) for as long as the list is on screen
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of any value type
  const allColumns: ColumnDef<ListFeatures, TRow, any>[] = useMemo(
    () => (detail ? [expandColumn<TRow>(detail.idPrefix, detail.describe, detail.preload), ...config.columns] : config.columns),
    [detail, config.columns],
  );
  const columnSet = useMemo(() => columnSetOf(allColumns), [allColumns]);
  const columns = useColumnLayout(columnSet, config.tools?.listId ?? null, config.tools?.owner ?? null);
  const shown = useMemo(() => visibleColumns(allColumns, columns.columnOrder, columns.columnVisibility), [allColumns, columns.columnOrder, columns.columnVisibility]);
  const table = useTable({
    features: listFeatures,
    columns: shown,
    data: rows,
    getRowId: config.getRowId,
    getRowCanExpand: () => detail !== undefined,
    state: { sorting, expanded },
    onSortingChange: (updater) => {
      const order = nextOrder(sorting, updater);
      if (!order) return;
      const changes = { [orderKeys.direction]: order.order_direction } as ListChanges<K>;
      if (orderKeys.by !== null) changes[orderKeys.by] = order.order_by;
      update(changes);
    },
    onExpandedChange: setExpanded,
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const hasFilters = config.filterKeys.some((k) => values[k] !== undefined);
  const clearFilters = useCallback(() => update(Object.fromEntries(config.filterKeys.map((k) => [k, null])) as ListChanges<K>), [update, config.filterKeys]);
  /** Applies a saved view in one navigation: its filters and order, and its columns (null: this browser's layout). */
  const applyView = useCallback(
    (changes: ListChanges<K>, visible: string[] | null, replace = false) => {
      void queryClient.prefetchQuery(queryOf(paramsOf(preview(changes))));
      url.update(changes, (next) => (visible ? next.set(columnsParam, visible.join(',')) : next.delete(columnsParam)), replace);
    },
    [queryClient, queryOf, paramsOf, preview, url],
  );
  return { ...url, update, applyView, columns, allColumns, detail, urlColumns: columns.urlText, tools: config.tools, filterKeys: config.filterKeys, orderKeys, spec, params, query, rows, ...paging, limit, table, hasFilters, clearFilters, orderBy };
}

export type ServerList<K extends string, TRow extends RowData> = ReturnType<typeof useServerList<K, TRow>>;
