import type { ReactNode } from 'react';
import { Button } from '../button.tsx';
import { EmptyState } from '../empty-state.tsx';
import { TableSkeleton } from './table-skeleton.tsx';

export interface ListBodyProps {
  /** plural noun of the rows, e.g. "transactions" */
  noun: string;
  /** first load: no rows to show yet */
  loading: boolean;
  /** the request failed and there is nothing to show (the page renders its error state) */
  failed: boolean;
  rowCount: number;
  page: number;
  hasFilters: boolean;
  /** empty with no filters: title and text */
  emptyTitle: string;
  emptyText: string;
  /** empty with filters: what to try */
  filteredText: string;
  onFirstPage: () => void;
  onClearFilters: () => void;
  /** the table, rendered when there are rows */
  children: ReactNode;
}

/** What a list page shows under its filters: a skeleton, an empty state (past the end, filtered, none yet) or the table. */
export function ListBody(props: ListBodyProps) {
  const { noun, rowCount, hasFilters } = props;
  if (props.loading) return <TableSkeleton label={`Loading ${noun}`} />;
  if (props.failed) return null;
  if (rowCount === 0 && props.page > 1)
    return (
      <EmptyState title="This page is past the end of the list" action={<Button onClick={props.onFirstPage}>Go to the first page</Button>}>
        The list has fewer pages than the link asked for.
      </EmptyState>
    );
  if (rowCount === 0)
    return (
      <EmptyState
        title={hasFilters ? `No ${noun} match these filters` : props.emptyTitle}
        action={hasFilters ? <Button onClick={props.onClearFilters}>Clear filters</Button> : undefined}
      >
        {hasFilters ? props.filteredText : props.emptyText}
      </EmptyState>
    );
  return props.children;
}
