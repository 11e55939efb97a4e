import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { applyListChanges, effectiveValue, readListParams, type DroppedParam, type ListChanges, type ListUrlSpec } from './url-state.ts';

interface DroppedState {
  droppedParams?: DroppedParam[];
}

function droppedFrom(state: unknown): DroppedParam[] {
  const list = (state as DroppedState | null)?.droppedParams;
  return Array.isArray(list) ? list : [];
}

/**
 * A list view's state, read from and written to the URL. Invalid values are removed from the URL at once
 * (history replace) and reported through the history entry's state, so the notice survives the
 * rewrite but not the next navigation. Every write is a new history entry except that clean-up.
 */
export function useListUrlState<K extends string>(spec: ListUrlSpec<K>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const read = useMemo(() => readListParams(spec, searchParams), [spec, searchParams]);
  const dropped = useMemo(() => droppedFrom(location.state), [location.state]);

  useEffect(() => {
    if (read.canonical === null) return;
    const carried = [...droppedFrom(location.state), ...read.dropped];
    void setSearchParams(read.canonical, { replace: true, state: carried.length > 0 ? { droppedParams: carried } : null });
  }, [read, location.state, setSearchParams]);

  /**
   * `also` edits the other (non-spec) parameters of the same navigation, e.g. a saved view's `columns`; `replace`
   * rewrites the current history entry (a default view applied on opening, so Back does not return to the bare list).
   */
  const update = useCallback(
    (changes: ListChanges<K>, also?: (next: URLSearchParams) => void, replace = false) => {
      void setSearchParams(
        (current) => {
          const next = applyListChanges(spec, current, changes);
          also?.(next);
          return next;
        },
        { replace },
      );
    },
    [spec, setSearchParams],
  );

  const dismissDropped = useCallback(() => {
    void setSearchParams((current) => current, { replace: true, state: null });
  }, [setSearchParams]);

  /** The values `update(changes)` would leave in the URL, without navigating: to start loading them at once. */
  const preview = useCallback(
    (changes: ListChanges<K>) => readListParams(spec, applyListChanges(spec, searchParams, changes)).values,
    [spec, searchParams],
  );

  const get = useCallback((key: K) => effectiveValue(spec, read.values, key), [spec, read.values]);

  return { values: read.values, get, update, preview, dropped, dismissDropped };
}
