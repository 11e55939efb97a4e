import { useMemo, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import { ListToolbar, type ToolbarList } from '../list-tools/list-toolbar.tsx';
import { ErrorState } from '../error-state.tsx';
import type { ServerList } from '../../lib/use-server-list.ts';
import { DataTable } from './data-table.tsx';
import { DroppedNotice } from './dropped-notice.tsx';
import { ListBody, type ListBodyProps } from './list-body.tsx';
import { Pagination } from './pagination.tsx';
import { withExactTotal } from './paging.ts';
import { Banner } from '../banner.tsx';
import { Button } from '../button.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';

type ListTexts = Pick<ListBodyProps, 'loadingLabel' | 'emptyTitle' | 'emptyText' | 'filteredTitle' | 'filteredText'>;

export interface ListViewProps<K extends string, TRow extends RowData> extends ListTexts {
  list: ServerList<K, TRow>;
  /** accessible name of the table */
  label: string;
  /** accessible name of the pagination */
  pagesLabel: string;
  /** the filters (and sort menu) above the table */
  filters: ReactNode;
  rowHref?: (row: TRow) => string;
  /** the exact count of every row the filters match, when the page knows it (the stats total): the pager shows it in place of an estimate */
  exactTotal?: number | null;
  errorClassName?: string;
}

/** Under a list page's header: notice of dropped URL values, filters, error, skeleton/empty/table, pagination. */
export function ListView<K extends string, TRow extends RowData>(props: ListViewProps<K, TRow>) {
  const { list, label } = props;
  const { query, rows } = list;
  const toolbar = useToolbarList(list);
  const t = useT();
  return (
    <>
      <DroppedNotice dropped={list.dropped} onDismiss={list.dismissDropped} />
      {props.filters}
      {toolbar ? <ListToolbar list={toolbar} /> : null}
      {list.refusedCursor ? (
        <Banner
          tone="error"
          className={props.errorClassName}
          title={t('components.list.cursorTitle')}
          action={
            <Button size="small" onClick={() => list.go('first')}>
              {t('components.list.firstPage')}
            </Button>
          }
        >
          <p>{t('components.list.cursorText')}</p>
        </Banner>
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} className={props.errorClassName} />
      ) : null}
      <ListBody
        loadingLabel={props.loadingLabel}
        loading={query.isPending}
        failed={query.isError && !query.data}
        rowCount={rows.length}
        beyondStart={list.beyondStart}
        hasFilters={list.hasFilters}
        emptyTitle={props.emptyTitle}
        emptyText={props.emptyText}
        filteredTitle={props.filteredTitle}
        filteredText={props.filteredText}
        onFirstPage={() => list.go('first')}
        onClearFilters={list.clearFilters}
      >
        <DataTable
          table={list.table}
          label={label}
          idPrefix={list.detail?.idPrefix ?? ''}
          stale={query.isPlaceholderData && query.isFetching}
          renderDetail={list.detail?.render}
          rowHref={props.rowHref}
        />
      </ListBody>
      {rows.length > 0 || (list.beyondStart && !list.refusedCursor) ? (
        <Pagination
          label={props.pagesLabel}
          info={withExactTotal(list.info, props.exactTotal)}
          onGo={list.go}
          onPageSize={(size) => list.update({ limit: size } as Parameters<typeof list.update>[0])}
        />
      ) : null}
    </>
  );
}

function useToolbarList<K extends string, TRow extends RowData>(list: ServerList<K, TRow>): ToolbarList | null {
  const { tools, values, params, columns, filterKeys, orderKeys, spec, applyView, allColumns } = list;
  // every column's label, the hidden ones' too (the table holds only the visible ones)
  const labels = useMemo(() => Object.fromEntries(allColumns.map((c) => [c.id ?? '', c.meta?.label ?? c.id ?? ''])), [allColumns]);
  const urlHasColumns = list.urlColumns !== null;
  return useMemo(
    () =>
      tools
        ? {
            tools,
            values,
            params,
            columns,
            filterKeys,
            orderKeys,
            defaults: spec.defaults as Record<string, string>,
            applyView: applyView as ToolbarList['applyView'],
            labels,
            urlHasColumns,
          }
        : null,
    [tools, values, params, columns, filterKeys, orderKeys, spec.defaults, applyView, labels, urlHasColumns],
  );
}
