import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTable } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { Credential } from '../../../contract/credentials.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';
import { DroppedNotice } from '../../components/data-table/dropped-notice.tsx';
import { listFeatures, sortingState, nextOrder } from '../../components/data-table/features.ts';
import { ListBody } from '../../components/data-table/list-body.tsx';
import { Pagination } from '../../components/data-table/pagination.tsx';
import { readPageInfo } from '../../components/data-table/paging.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useListUrlState } from '../../lib/url-state-hook.ts';
import { useMe } from '../../lib/me-context.tsx';
import { connectionsQuery, type ConnectionParams } from './api/connections.ts';
import { providersQueryOptions } from './api/providers.ts';
import { ConfirmToggleDialog } from './confirm-toggle-dialog.tsx';
import { describeConnection } from './connection-labels.tsx';
import { connectionColumns, connectionIdPrefix } from './connections-columns.tsx';
import { ConnectionsFilters } from './connections-filters.tsx';
import { connectionFilterKeys, connectionUrlSpec } from './connections-url.ts';
import { useToggleConnection } from './use-toggle-connection.ts';
import styles from './connections.module.css';

const noRows: Credential[] = [];
const noDetail = () => null;

/** "Acquirer connections": the list of GET /v1/credentials, configured on the shared list pieces. */
export function ConnectionsPage() {
  const t = useT();
  const me = useMe();
  const { values, get, update, dropped, dismissDropped } = useListUrlState(connectionUrlSpec);
  const page = Number(get('page'));
  const limit = Number(get('limit'));
  const params: ConnectionParams = useMemo(() => ({ ...values, page: String(page), limit: String(limit) }), [values, page, limit]);
  const query = useQuery(connectionsQuery(params));
  const providers = useQuery(providersQueryOptions());
  const queryClient = useQueryClient();
  const rows = query.data?.rows ?? noRows;
  const info = readPageInfo(query.data?.paging ?? null, page, limit, rows.length);
  const showingCurrent = !query.isPlaceholderData;
  useEffect(() => {
    if (showingCurrent && info.hasNext) void queryClient.prefetchQuery(connectionsQuery({ ...params, page: String(page + 1) }));
  }, [showingCurrent, info.hasNext, params, page, queryClient]);

  const providerMap = useMemo(() => new Map((providers.data ?? []).map((p) => [p.id, p])), [providers.data]);
  const merchantNames = useMemo(() => new Map(me.merchants.map((m) => [m.id, m.name])), [me.merchants]);
  const { toggle, busyId, failure, clearFailure } = useToggleConnection();
  const [confirming, setConfirming] = useState<Credential | null>(null);
  const columns = useMemo(
    () => connectionColumns({ t, providers: providerMap, merchantName: (id) => merchantNames.get(id), busyId, onToggle: setConfirming }),
    [t, providerMap, merchantNames, busyId],
  );
  const sorting = useMemo(() => sortingState('created_at', get('order_direction')), [get]);
  const table = useTable({
    features: listFeatures,
    columns,
    data: rows,
    getRowId: (c) => c.id,
    getRowCanExpand: () => false,
    state: { sorting, expanded: {} },
    onSortingChange: (updater) => {
      const order = nextOrder(sorting, updater);
      if (order) update({ order_direction: order.order_direction });
    },
    manualSorting: true,
    manualExpanding: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
  });
  const hasFilters = connectionFilterKeys.some((k) => values[k] !== undefined);

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>{t('credentials.list.title')}</h1>
          <p className={styles.subtitle}>{t('credentials.list.subtitle')}</p>
        </div>
        <Link to="/credentials/new" className={styles.primaryLink}>
          {t('credentials.list.connect')}
        </Link>
      </header>
      <DroppedNotice dropped={dropped} onDismiss={dismissDropped} />
      {failure ? (
        <Banner tone="error" title={t('credentials.toggle.failedTitle')} action={<Button size="small" onClick={clearFailure}>{t('credentials.dismiss')}</Button>}>
          <p>{failure}</p>
        </Banner>
      ) : null}
      <ConnectionsFilters get={get} update={update} providers={providers.data ?? []} merchants={me.merchants} lockedMerchant={me.merchantId !== null} />
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      <ListBody
        loadingLabel={t('credentials.list.loading')}
        loading={query.isPending}
        failed={query.isError && !query.data}
        rowCount={rows.length}
        page={page}
        hasFilters={hasFilters}
        emptyTitle={t('credentials.list.emptyTitle')}
        emptyText={t('credentials.list.emptyText')}
        filteredTitle={t('credentials.list.filteredTitle')}
        filteredText={t('credentials.list.filteredText')}
        onFirstPage={() => update({ page: null })}
        onClearFilters={() => update({ merchant_id: null, provider_id: null, enabled: null, q: null })}
      >
        <DataTable table={table} label={t('credentials.list.title')} idPrefix={connectionIdPrefix} stale={query.isPlaceholderData && query.isFetching} renderDetail={noDetail} />
      </ListBody>
      {rows.length > 0 || page > 1 ? (
        <Pagination label={t('credentials.list.pages')} info={info} onPage={(p) => update({ page: String(p) })} onPageSize={(size) => update({ limit: size })} />
      ) : null}
      {confirming ? (
        <ConfirmToggleDialog
          subject={describeConnection(t, confirming, providerMap.get(confirming.providerId), merchantNames.get(confirming.merchantId))}
          disabling={confirming.enabled}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            toggle({ credential: confirming });
            setConfirming(null);
          }}
        />
      ) : null}
    </section>
  );
}
