import { useCallback, useEffect, useMemo, useState } from 'react';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTable, type ExpandedState } from '@tanstack/react-table';
import type { Summary } from '../../../contract/summaries.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DroppedNotice } from '../../components/data-table/dropped-notice.tsx';
import { listFeatures, nextOrder, sortingState } from '../../components/data-table/features.ts';
import { Pagination } from '../../components/data-table/pagination.tsx';
import { readPageInfo } from '../../components/data-table/paging.ts';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { ListBody } from '../../components/data-table/list-body.tsx';
import { effectiveValue, type ListChanges } from '../../lib/url-state.ts';
import { useListUrlState } from '../../lib/url-state-hook.ts';
import { summariesQuery, type SummaryParams } from './api/summaries-query.ts';
import { SummaryDetail } from './summary-detail.tsx';
import { summaryColumns, summaryIdPrefix, summaryRowId, summarySortOptions } from './transactions-columns.tsx';
import { clearAllChanges, TransactionsFilters } from './transactions-filters.tsx';
import { summaryFilterKeys, summaryUrlSpec, type SummaryKey } from './transactions-url.ts';
import styles from './transactions.module.css';

const noRows: Summary[] = [];
const renderDetail = (summary: Summary) => <SummaryDetail summary={summary} />;

/** The API parameters of a view: its URL values plus the page, size and order in effect. */
function summaryParams(values: Partial<Record<SummaryKey, string>>): SummaryParams {
  const get = (key: SummaryKey) => effectiveValue(summaryUrlSpec, values, key);
  return { ...values, page: String(Number(get('page'))), limit: String(Number(get('limit'))), order_by: get('order_by'), order_direction: get('order_direction') };
}

export function TransactionsPage() {
  const { values, get, update: navigate, preview, dropped, dismissDropped } = useListUrlState(summaryUrlSpec);
  const page = Number(get('page'));
  const limit = Number(get('limit'));
  const params = useMemo(() => summaryParams(values), [values]);
  const query = useQuery(summariesQuery(params));
  const queryClient = useQueryClient();
  // Every change of the view starts loading its page in the input's own event rather than after the
  // navigation has rendered; the query that renders it then joins that request (same key).
  const update = useCallback(
    (changes: ListChanges<SummaryKey>) => {
      const next = summariesQuery(summaryParams(preview(changes)));
      if (hashKey(next.queryKey) !== hashKey(summariesQuery(params).queryKey)) void queryClient.prefetchQuery(next);
      navigate(changes);
    },
    [preview, params, queryClient, navigate],
  );
  const rows = query.data?.rows ?? noRows;
  const info = readPageInfo(query.data?.paging ?? null, page, limit, rows.length);
  const showingCurrent = !query.isPlaceholderData;

  useEffect(() => {
    if (showingCurrent && info.hasNext) void queryClient.prefetchQuery(summariesQuery({ ...params, page: String(page + 1) }));
  }, [showingCurrent, info.hasNext, params, page, queryClient]);

  const sorting = useMemo(() => sortingState(get('order_by'), get('order_direction')), [get]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useTable({
    features: listFeatures,
    columns: summaryColumns,
    data: rows,
    getRowId: summaryRowId,
    getRowCanExpand: () => true,
    state: { sorting, expanded },
    onSortingChange: (updater) => {
      const order = nextOrder(sorting, updater);
      if (order) update(order);
    },
    onExpandedChange: setExpanded,
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const hasFilters = summaryFilterKeys.some((k) => values[k] !== undefined);
  const body = (
    <ListBody
      loadingLabel="Loading transactions"
      loading={query.isPending}
      failed={query.isError && !query.data}
      rowCount={rows.length}
      page={page}
      hasFilters={hasFilters}
      emptyTitle="No transactions yet"
      emptyText="Transactions appear here as acquirers report them."
      filteredTitle="No transactions match these filters"
      filteredText="Try a wider date range or fewer filters."
      onFirstPage={() => update({ page: null })}
      onClearFilters={() => update(clearAllChanges())}
    >
      <DataTable table={table} label="Transactions" idPrefix={summaryIdPrefix} stale={query.isPlaceholderData && query.isFetching} renderDetail={renderDetail} />
    </ListBody>
  );

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>Transactions</h1>
        <p className={styles.subtitle}>Summaries of card and Pix transactions with their cycles.</p>
      </header>
      <DroppedNotice dropped={dropped} onDismiss={dismissDropped} />
      <TransactionsFilters
        get={get}
        update={update}
        actions={
          <SortSelect
            options={summarySortOptions}
            orderBy={get('order_by')}
            direction={get('order_direction')}
            onChange={(order_by, order_direction) => update({ order_by, order_direction })}
          />
        }
      />
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} className={styles.error} /> : null}
      {body}
      {rows.length > 0 || page > 1 ? (
        <Pagination label="Transactions pages" info={info} onPage={(p) => update({ page: String(p) })} onPageSize={(size) => update({ limit: size })} />
      ) : null}
    </section>
  );
}
