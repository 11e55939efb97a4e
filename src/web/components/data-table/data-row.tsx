import { Fragment, memo, type MouseEvent, type ReactNode } from 'react';
import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import type { ListFeatures } from './features.ts';
import styles from './data-table.module.css';

export function detailId(prefix: string, rowId: string): string {
  return `${prefix}-detail-${rowId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

export interface DataRowProps<TData extends RowData> {
  row: Row<ListFeatures, TData>;
  /** Whether the detail panel is open; a prop (not read from the row) so that memo sees it change. */
  open: boolean;
  columnCount: number;
  idPrefix: string;
  renderDetail?: (row: TData) => ReactNode;
  /** the whole row opens this row's page (a click anywhere but on a control; the row's own link serves the keyboard) */
  onOpen?: (row: TData, event: MouseEvent<HTMLTableRowElement>) => void;
}

/** A click that is the user's own action on the row: not on a control inside it, not the end of a text selection. */
function isRowClick(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('a, button, input, select, textarea, label, summary')) return false;
  return (window.getSelection()?.toString() ?? '') === '';
}

function DataRowInner<TData extends RowData>({ row, open, columnCount, idPrefix, renderDetail, onOpen }: DataRowProps<TData>) {
  const rowClass = [open && styles.open, onOpen && styles.clickable].filter(Boolean).join(' ') || undefined;
  return (
    <Fragment>
      <tr className={rowClass} data-row-id={row.id} onClick={onOpen ? (event) => isRowClick(event) && onOpen(row.original, event) : undefined}>
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
              <FlexRender cell={cell} />
            </td>
          );
        })}
      </tr>
      {open && renderDetail ? (
        <tr id={detailId(idPrefix, row.id)} className={styles.detailRow}>
          <td colSpan={columnCount}>{renderDetail(row.original)}</td>
        </tr>
      ) : null}
    </Fragment>
  );
}

/**
 * One row and its detail panel. The row model keeps its row objects while the data stays the same, so a row
 * re-renders only when its data, its open state or the table's columns change: expanding one row, or dimming
 * the page while the next one loads, does not re-render every cell of the page.
 */
export const DataRow = memo(DataRowInner) as typeof DataRowInner;
