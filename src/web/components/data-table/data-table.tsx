import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { Header, ReactTable, RowData } from '@tanstack/react-table';
import type { ListFeatures } from './features.ts';
import { DataRow } from './data-row.tsx';
import { SortButton } from './sort-button.tsx';
import styles from './data-table.module.css';

export interface DataTableProps<TData extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
  table: ReactTable<ListFeatures, TData, any>;
  /** Accessible name of the table. */
  label: string;
  /** Detail panel of an expanded row; keep it stable (module level) so unchanged rows skip re-rendering. */
  renderDetail?: (row: TData) => ReactNode;
  /** The page a row opens: the whole row becomes clickable (its own link still serves the keyboard). */
  rowHref?: (row: TData) => string;
  /** Newer data is on its way: dim the rows on screen rather than blanking them. */
  stale?: boolean;
  /** Prefix for the detail panels' element ids. */
  idPrefix: string;
}

function ariaSort(header: Header<ListFeatures, RowData, unknown>) {
  if (!header.column.getCanSort()) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** A server-driven table: sortable headers with aria-sort, expandable rows, cards on narrow screens. */
export function DataTable<TData extends RowData>({ table, label, renderDetail, rowHref, stale = false, idPrefix }: DataTableProps<TData>) {
  const columnCount = table.getAllLeafColumns().length;
  const navigate = useNavigate();
  const onOpen = useMemo(
    () =>
      rowHref
        ? (row: TData, event: MouseEvent) => {
            const href = rowHref(row);
            if (event.metaKey || event.ctrlKey) window.open(href, '_blank', 'noopener');
            else void navigate(href);
          }
        : undefined,
    [rowHref, navigate],
  );
  return (
    <div className={styles.scroller}>
      <table className={[styles.table, stale && styles.stale].filter(Boolean).join(' ')} aria-label={label} aria-busy={stale || undefined}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                const next = header.column.getCanSort() ? header.column.getNextSortingOrder() : false;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort(header as Header<ListFeatures, RowData, unknown>)}
                    data-column={header.column.id}
                    className={[meta?.align === 'end' && styles.end].filter(Boolean).join(' ') || undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <SortButton
                        direction={sorted}
                        align={meta?.align}
                        nextDirection={next}
                        onToggle={() => header.column.toggleSorting(next === 'desc')}
                      >
                        <table.FlexRender header={header} />
                      </SortButton>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <DataRow
              key={row.id}
              row={row}
              open={row.getIsExpanded()}
              columnCount={columnCount}
              idPrefix={idPrefix}
              renderDetail={renderDetail}
              onOpen={onOpen}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
