import { useCallback, useMemo, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import {
  columnStorageKey,
  parseColumnLayout,
  parseColumnsParam,
  sameColumns,
  serializeColumnLayout,
  tableColumnState,
  type ColumnSet,
} from './column-layout.ts';

/** The URL parameter of a shared or saved-view column layout (dashboard column ids, comma-separated). */
export const columnsParam = 'columns';

function readStored(key: string | null, set: ColumnSet): string[] | null {
  if (key === null) return null;
  try {
    return parseColumnLayout(window.localStorage.getItem(key), set);
  } catch {
    return null;
  }
}

function writeStored(key: string | null, visible: readonly string[] | null): void {
  if (key === null) return;
  try {
    if (visible === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, serializeColumnLayout(visible));
  } catch {
    /* storage full or blocked: the layout lasts for this visit only */
  }
}

/**
 * The visible columns of a list, in order: the URL's `columns` (a saved view or a shared link) first, else
 * this browser's choice for this list and signed-in token, else the default. Choosing columns keeps the
 * choice on this browser and takes `columns` out of the URL (the choice now is the user's own).
 */
export function useColumnLayout(set: ColumnSet, listId: string | null, owner: string | null) {
  const key = listId !== null && owner !== null ? columnStorageKey(listId, owner) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const [version, bump] = useReducer((n: number) => n + 1, 0);
  const urlText = searchParams.get(columnsParam);
  const fromUrl = useMemo(() => parseColumnsParam(urlText, set), [urlText, set]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version: re-read after our own write
  const stored = useMemo(() => readStored(key, set), [key, set, version]);
  const visible = fromUrl ?? stored ?? (set.defaults as string[]);
  const state = useMemo(() => tableColumnState(visible, set), [visible, set]);

  const dropUrlColumns = useCallback(() => {
    if (urlText === null) return;
    void setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(columnsParam);
        return next;
      },
      { replace: true },
    );
  }, [urlText, setSearchParams]);

  const setVisible = useCallback(
    (next: string[]) => {
      writeStored(key, sameColumns(next, set.defaults) ? null : next);
      bump();
      dropUrlColumns();
    },
    [key, set.defaults, dropUrlColumns],
  );
  const reset = useCallback(() => {
    writeStored(key, null);
    bump();
    dropUrlColumns();
  }, [key, dropUrlColumns]);

  return { visible, set, setVisible, reset, isDefault: sameColumns(visible, set.defaults), urlText, ...state };
}

export type ColumnLayout = ReturnType<typeof useColumnLayout>;
