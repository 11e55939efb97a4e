import { useCallback, useEffect, useMemo } from 'react';
import { useQueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { readPageInfo, type PageInfo, type PagingHeaders } from '../components/data-table/paging.ts';
import { apiPosition, isRefusedCursor, readPosition, type PageTarget } from './page-position.ts';
import type { ListChanges, ListUrlSpec } from './url-state.ts';

type ListParams<K extends string> = Partial<Record<K, string>>;
export type PageRel = 'first' | 'prev' | 'next' | 'last';

/** The URL values with the position (page label and cursor) of `target` in place of the current one. */
export function withTarget<K extends string>(spec: ListUrlSpec<K>, values: ListParams<K>, target: PageTarget): ListParams<K> {
  const next: ListParams<K> = { ...values, [spec.pageKey]: target.page ?? undefined, [spec.cursorKey]: target.cursor ?? undefined };
  if (target.page === null) delete next[spec.pageKey];
  if (target.cursor === null) delete next[spec.cursorKey];
  return next;
}

/** The API's view of the position: the cursor alone, or the page number (lib/page-position.ts). */
export function apiPaging<K extends string>(spec: ListUrlSpec<K>, values: ListParams<K>): ListParams<K> {
  const { page = null, cursor = null } = apiPosition({ page: values[spec.pageKey], cursor: values[spec.cursorKey] });
  return withTarget(spec, values, { page, cursor });
}

interface PagingInput<K extends string, TData extends { rows: unknown[]; paging: PagingHeaders }> {
  spec: ListUrlSpec<K>;
  values: ListParams<K>;
  limit: number;
  query: UseQueryResult<TData>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each list's own (tagged) key type
  queryOf: (values: ListParams<K>) => UseQueryOptions<TData, Error, TData, any>;
  /** navigates (with prefetch); `replace` rewrites the current history entry */
  update: (changes: ListChanges<K>, replace?: boolean) => void;
}

/**
 * A list's paging: the position on screen (page label and cursor), where First/Previous/Next/Last go (the
 * response's Link header), the next page prefetched by its cursor once this one shows, and a `page=last`
 * address without a cursor taken on to the last page the first response names.
 */
export function useListPaging<K extends string, TData extends { rows: unknown[]; paging: PagingHeaders }>(input: PagingInput<K, TData>) {
  const { spec, values, limit, query, queryOf, update } = input;
  const cursor = values[spec.cursorKey];
  const label = values[spec.pageKey];
  const position = useMemo(() => readPosition(label, cursor), [label, cursor]);
  const rowCount = query.data?.rows.length ?? 0;
  const info: PageInfo = useMemo(() => readPageInfo(query.data?.paging ?? null, position, limit, rowCount), [query.data?.paging, position, limit, rowCount]);
  const showingCurrent = query.isSuccess && !query.isPlaceholderData;
  const queryClient = useQueryClient();

  const next = info.targets.next;
  useEffect(() => {
    if (showingCurrent && next) void queryClient.prefetchQuery(queryOf(withTarget(spec, values, next)));
  }, [showingCurrent, next, spec, values, queryClient, queryOf]);

  // `page=last` (or last-N) without a cursor: the first response's rel="last" leads there, in place of this entry
  const seekingEnd = position.kind === 'fromEnd' && cursor === undefined;
  const last = info.targets.last;
  useEffect(() => {
    if (!seekingEnd || !showingCurrent) return;
    update({ [spec.pageKey]: last?.page ?? null, [spec.cursorKey]: last?.cursor ?? null } as ListChanges<K>, true);
  }, [seekingEnd, showingCurrent, last, spec, update]);

  /** Opens the first, previous, next or last page; the links of a page still loading are not followed (a double click moves once). */
  const go = useCallback(
    (rel: PageRel) => {
      const target = rel === 'first' ? info.targets.first : query.isPlaceholderData ? null : info.targets[rel];
      if (!target) return;
      update({ [spec.pageKey]: target.page, [spec.cursorKey]: target.cursor } as ListChanges<K>);
    },
    [info.targets, query.isPlaceholderData, spec, update],
  );

  const beyondStart = cursor !== undefined || position.kind !== 'page' || position.page > 1;
  const refusedCursor = query.isError && isRefusedCursor(query.error);
  return { position, info, go, beyondStart, refusedCursor };
}
