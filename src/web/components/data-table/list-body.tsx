import type { ReactNode } from 'react';
import { Button } from '../button.tsx';
import { EmptyState } from '../empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface ListBodyProps {
  /** announced while the first page loads, e.g. "Loading transactions" */
  loadingLabel: string;
  /** first load: no rows to show yet */
  loading: boolean;
  /** the request failed and there is nothing to show (the page renders its error state) */
  failed: boolean;
  rowCount: number;
  /** not the list's first page (a later page number, or any cursor) */
  beyondStart: boolean;
  hasFilters: boolean;
  /** empty with no filters: title and text */
  emptyTitle: string;
  emptyText: string;
  /** empty with filters: title ("No transactions match these filters") and what to try */
  filteredTitle: string;
  filteredText: string;
  onFirstPage: () => void;
  onClearFilters: () => void;
  /** the table, rendered when there are rows */
  children: ReactNode;
}

/** What a list page shows under its filters: a skeleton, an empty state (past the end, filtered, none yet) or the table. */
export function ListBody(props: ListBodyProps) {
  const t = useT();
  const { rowCount, hasFilters } = props;
  if (props.loading) return <TableSkeleton label={props.loadingLabel} />;
  if (props.failed) return null;
  if (rowCount === 0 && props.beyondStart)
    return (
      <EmptyState title={t('components.list.pastEndTitle')} action={<Button onClick={props.onFirstPage}>{t('components.list.firstPage')}</Button>}>
        {t('components.list.pastEndText')}
      </EmptyState>
    );
  if (rowCount === 0)
    return (
      <EmptyState
        title={hasFilters ? props.filteredTitle : props.emptyTitle}
        action={hasFilters ? <Button onClick={props.onClearFilters}>{t('components.list.clearFilters')}</Button> : undefined}
      >
        {hasFilters ? props.filteredText : props.emptyText}
      </EmptyState>
    );
  return props.children;
}
