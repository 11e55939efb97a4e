import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SavedView } from '../../../contract/saved-views.ts';
import { apiColumnLabels, toApiColumns, unexportedColumns } from '../../lib/list-tools/api-columns.ts';
import type { ColumnLayout } from '../../lib/list-tools/use-column-layout.ts';
import { hasNoFilters, viewFromList, viewToList, type ListShape } from '../../lib/list-tools/view-url.ts';
import { readDefaultView, savedViewsQuery, writeDefaultView } from '../../lib/list-tools/views-api.ts';
import type { ListToolsConfig } from '../../lib/use-server-list.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ExportButton } from './export-button.tsx';
import { ViewsPicker } from './views-picker.tsx';
import styles from './list-tools.module.css';

/** What the toolbar needs of a server list (use-server-list), without its row and key types. */
export interface ToolbarList {
  tools: ListToolsConfig;
  values: Readonly<Record<string, string | undefined>>;
  params: Readonly<Record<string, string | undefined>>;
  columns: ColumnLayout;
  filterKeys: readonly string[];
  orderKeys: ListShape['orderKeys'];
  defaults: Readonly<Record<string, string>>;
  applyView: (changes: Record<string, string | null>, visible: string[] | null, replace?: boolean) => void;
  /** column id -> label */
  labels: Readonly<Record<string, string>>;
  /** the URL already names columns (a shared link or applied view) */
  urlHasColumns: boolean;
}

/**
 * Above a list: saved views, column chooser and CSV export, as the list's configuration enables them. The buttons
 * and the default view are here; their panels load on intent (popover.tsx).
 */
export function ListToolbar({ list }: { list: ToolbarList }) {
  const { tools } = list;
  const shape: ListShape = useMemo(
    () => ({ filterKeys: list.filterKeys, orderKeys: list.orderKeys, defaults: list.defaults, apiColumns: tools.apiColumns ?? {}, choosable: list.columns.set.choosable }),
    [list.filterKeys, list.orderKeys, list.defaults, tools.apiColumns, list.columns.set.choosable],
  );
  const current = useMemo(() => viewFromList(list.values, list.columns.visible, shape), [list.values, list.columns.visible, shape]);
  const apply = (view: SavedView) => {
    const { changes, columns } = viewToList(view, shape);
    list.applyView(changes, columns);
  };
  const [defaultId, setDefaultId] = useState(() => (tools.viewPage ? readDefaultView(tools.viewPage, tools.owner) : null));
  const onDefault = (id: string | null) => {
    if (!tools.viewPage) return;
    writeDefaultView(tools.viewPage, tools.owner, id);
    setDefaultId(id);
  };
  useDefaultView(list, tools, shape, defaultId);
  const apiColumns = tools.apiColumns ? toApiColumns(list.columns.visible, tools.apiColumns) : [];
  return (
    <div className={styles.toolbar} data-testid="list-toolbar">
      {tools.viewPage ? (
        <ViewsPicker
          page={tools.viewPage}
          current={current}
          onApply={apply}
          canWrite={tools.canWriteViews === true}
          merchantIds={tools.merchantIds ?? null}
          defaultId={defaultId}
          onDefault={onDefault}
        />
      ) : null}
      <span className={styles.spacer} />
      <ColumnChooser layout={list.columns} labels={list.labels} />
      {tools.exportPath && tools.apiColumns ? (
        <ExportButton
          path={tools.exportPath}
          params={list.params}
          columns={apiColumns}
          headerLabels={apiColumnLabels(list.columns.visible, tools.apiColumns, list.labels, tools.exportPartLabels)}
          unexported={unexportedColumns(list.columns.visible, tools.apiColumns).map((id) => list.labels[id] ?? id)}
          fileBase={tools.exportFileBase ?? tools.listId}
        />
      ) : null}
    </div>
  );
}

/** Opening the list with no filters (and no columns) in the URL applies this browser's default view, once. */
function useDefaultView(list: ToolbarList, tools: ListToolsConfig, shape: ListShape, defaultId: string | null) {
  // Whether the list opened bare is decided once, when the toolbar mounts; `done` makes it apply once.
  const [bare] = useState(() => hasNoFilters(list.values, shape) && !list.urlHasColumns);
  const done = useRef(false);
  const views = useQuery({ ...savedViewsQuery(tools.viewPage ?? 'transactions'), enabled: tools.viewPage !== undefined && defaultId !== null && bare });
  const { applyView } = list;
  useEffect(() => {
    if (done.current || !bare || !views.data) return;
    done.current = true;
    const view = views.data.find((v) => v.id === defaultId);
    if (!view) return;
    const { changes, columns } = viewToList(view, shape);
    applyView(changes, columns, true);
  }, [views.data, defaultId, shape, applyView, bare]);
}
