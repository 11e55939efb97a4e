import { createColumnHelper, type RowData } from '@tanstack/react-table';
import { ExpandButton } from './expand-button.tsx';
import { detailId } from './data-row.tsx';
import type { ListFeatures } from './features.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

function DetailsHeader() {
  const t = useT();
  return <span className="visually-hidden">{t('components.table.details')}</span>;
}

/** The disclosure column of a list whose rows open in place (use-server-list `detail`): first, narrow, labelled with what the row is. */
export function expandColumn<TData extends RowData>(idPrefix: string, describe: (row: TData) => string, preload?: () => void) {
  return createColumnHelper<ListFeatures, TData>().display({
    id: 'expand',
    header: () => <DetailsHeader />,
    cell: ({ row }) => (
      <ExpandButton
        expanded={row.getIsExpanded()}
        controls={detailId(idPrefix, row.id)}
        label={describe(row.original)}
        onToggle={row.getToggleExpandedHandler()}
        onIntent={preload}
      />
    ),
  });
}

/** A dash for missing values, the same everywhere. */
export const dash = '—';
