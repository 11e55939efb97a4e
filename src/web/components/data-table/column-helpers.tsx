import type { ColumnHelper, RowData } from '@tanstack/react-table';
import { ExpandButton } from './expand-button.tsx';
import { detailId } from './data-row.tsx';
import type { ListFeatures } from './features.ts';

/** The disclosure column: first, narrow, labelled with what the row is. */
export function expandColumn<TData extends RowData>(helper: ColumnHelper<ListFeatures, TData>, idPrefix: string, describe: (row: TData) => string) {
  return helper.display({
    id: 'expand',
    header: () => <span className="visually-hidden">Details</span>,
    cell: ({ row }) => (
      <ExpandButton
        expanded={row.getIsExpanded()}
        controls={detailId(idPrefix, row.id)}
        label={describe(row.original)}
        onToggle={row.getToggleExpandedHandler()}
      />
    ),
  });
}

/** A dash for missing values, the same everywhere. */
export const dash = '—';
