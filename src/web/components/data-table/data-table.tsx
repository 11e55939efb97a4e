import { Fragment, type ReactNode } from 'react';
import type { Header, ReactTable, RowData } from '@tanstack/react-table';
import type { ListFeatures } from './features.ts';
import { SortButton } from './sort-button.tsx';
import styles from './data-table.module.css';

export interface DataTableProps<TData extends RowData> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selected-state shape
  table: ReactTable<ListFeatures, TData, any>;
  /** Accessible name of the table. */
  label: string;
  /** Detail panel of an expanded row. */
  renderDetail: (row: TData) => ReactNode;
  /** Newer data is on its way: dim the rows on screen rather than blanking them. */
  stale?: boolean;
  /** Prefix for the detail panels' element ids. */
  idPrefix: string;
}

export function detailId(prefix: string, rowId: string): string {
  return `${prefix}-detail-${rowId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function ariaSort(header: Header<ListFeatures, RowData, unknown>) {
  if (!header.column.getCanSort()) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/** A server-driven table: sortable headers with aria-sort, expandable rows, cards on narrow screens. */
export function DataTable<TData extends RowData>({ table, label, renderDetail, stale = false, idPrefix }: DataTableProps<TData>) {
  const columnCount = table.getAllLeafColumns().length;
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
          {table.getRowModel().rows.map((row) => {
            const open = row.getIsExpanded();
            return (
              <Fragment key={row.id}>
                <tr className={open ? styles.open : undefined} data-row-id={row.id}>
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const value = cell.column.accessorFn ? cell.getValue() : undefined;
                    return (
                      <td
                        key={cell.id}
                        data-column={cell.column.id}
                        data-label={meta?.card ? undefined : meta?.label}
                        data-card={meta?.card}
                        data-value={typeof value === 'string' || typeof value === 'number' ? String(value) : undefined}
                        className={[meta?.align === 'end' && styles.end, meta?.mono && styles.mono].filter(Boolean).join(' ') || undefined}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
                {open ? (
                  <tr id={detailId(idPrefix, row.id)} className={styles.detailRow}>
                    <td colSpan={columnCount}>{renderDetail(row.original)}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
