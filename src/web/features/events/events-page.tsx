import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTable, type ExpandedState } from '@tanstack/react-table';
import type { Event } from '../../../contract/events.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DroppedNotice } from '../../components/data-table/dropped-notice.tsx';
import { listFeatures, nextOrder, sortingState } from '../../components/data-table/features.ts';
import { Pagination } from '../../components/data-table/pagination.tsx';
import { readPageInfo } from '../../components/data-table/paging.ts';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { ListBody } from '../../components/data-table/list-body.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useListUrlState } from '../../lib/url-state-hook.ts';
import { eventsQuery, type EventParams } from './api/events-query.ts';
import { EventDetail } from './event-detail.tsx';
import { eventColumns, eventIdPrefix } from './events-columns.tsx';
import { clearEventFilters, EventsFilters, StatusSegments } from './events-filters.tsx';
import { eventFilterKeys, eventUrlSpec } from './events-url.ts';
import { RefreshControls } from './refresh-controls.tsx';
import styles from './events.module.css';

const noRows: Event[] = [];
const renderDetail = (event: Event) => <EventDetail event={event} />;
export function EventsPage() {
  const t = useT();
  const columns = useMemo(() => eventColumns(t), [t]);
  const sortOptions = useMemo(() => [{ id: 'created_at', label: t('events.col.created') }], [t]);
  const { values, get, update, dropped, dismissDropped } = useListUrlState(eventUrlSpec);
  const page = Number(get('page'));
  const limit = Number(get('limit'));
  const params: EventParams = useMemo(
    () => ({ ...values, page: String(page), limit: String(limit), order_by: 'created_at', order_direction: get('order_direction') }),
    [values, page, limit, get],
  );
  const [auto, setAuto] = useState(false);
  const query = useQuery({ ...eventsQuery(params), refetchInterval: auto ? 15_000 : false });
  const queryClient = useQueryClient();
  const rows = query.data?.rows ?? noRows;
  const info = readPageInfo(query.data?.paging ?? null, page, limit, rows.length);
  const showingCurrent = !query.isPlaceholderData;

  useEffect(() => {
    if (showingCurrent && info.hasNext) void queryClient.prefetchQuery(eventsQuery({ ...params, page: String(page + 1) }));
  }, [showingCurrent, info.hasNext, params, page, queryClient]);

  const sorting = useMemo(() => sortingState('created_at', get('order_direction')), [get]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId: (e) => e.eventId,
    getRowCanExpand: () => true,
    state: { sorting, expanded },
    onSortingChange: (updater) => {
      const order = nextOrder(sorting, updater);
      if (order) update({ order_direction: order.order_direction });
    },
    onExpandedChange: setExpanded,
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });

  const hasFilters = eventFilterKeys.some((k) => values[k] !== undefined);
  const body = (
    <ListBody
      loadingLabel={t('events.loading')}
      loading={query.isPending}
      failed={query.isError && !query.data}
      rowCount={rows.length}
      page={page}
      hasFilters={hasFilters}
      emptyTitle={t('events.emptyTitle')}
      emptyText={t('events.emptyText')}
      filteredTitle={t('events.filteredTitle')}
      filteredText={t('events.filteredText')}
      onFirstPage={() => update({ page: null })}
      onClearFilters={() => update(clearEventFilters())}
    >
      <DataTable table={table} label={t('events.tableLabel')} idPrefix={eventIdPrefix} stale={query.isPlaceholderData && query.isFetching} renderDetail={renderDetail} />
    </ListBody>
  );

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>{t('events.title')}</h1>
          <p className={styles.subtitle}>{t('events.subtitle')}</p>
        </div>
        <RefreshControls
          fetching={query.isFetching && !query.isPlaceholderData}
          updatedAt={query.dataUpdatedAt}
          auto={auto}
          onAutoChange={setAuto}
          onRefresh={() => void query.refetch()}
        />
      </header>
      <DroppedNotice dropped={dropped} onDismiss={dismissDropped} />
      <StatusSegments value={get('event_status')} onChange={(v) => update({ event_status: v })} />
      <EventsFilters
        get={get}
        update={update}
        actions={
          <SortSelect options={sortOptions} orderBy="created_at" direction={get('order_direction')} onChange={(_by, dir) => update({ order_direction: dir })} />
        }
      />
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {body}
      {rows.length > 0 || page > 1 ? (
        <Pagination label={t('events.pagesLabel')} info={info} onPage={(p) => update({ page: String(p) })} onPageSize={(size) => update({ limit: size })} />
      ) : null}
    </section>
  );
}
