import type { Me } from '../../../contract/me.ts';
import type { Summary } from '../../../contract/summaries.ts';
import { summaryApiColumns } from '../../lib/list-tools/api-columns.ts';
import { listToolsUser } from '../../lib/list-tools/list-tools-user.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../../lib/me-context.tsx';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { statsQuery } from '../../lib/stats/stats-query.ts';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { summariesQuery } from './api/summaries-query.ts';
import { summaryColumns, summaryIdPrefix, summaryRowId, useSummarySortOptions } from './transactions-columns.tsx';
import { lazyDetail } from '../../components/data-table/lazy-detail.tsx';
import { TransactionsFilters } from './transactions-filters.tsx';
import { summaryFilterKeys, summaryUrlSpec, type SummaryKey } from './transactions-url.ts';
import { TotalsStrip } from './totals-strip.tsx';
import { filterParams } from '../../lib/url-state.ts';
import styles from './transactions.module.css';

// a row opened in place shows its cycles (from the list's own data), with the response codes' meanings: loaded on intent
const cycleDetails = lazyDetail<Summary>(async () => (await import('./cycle-details.tsx')).CycleDetails);

const listConfig = (t: Translate, me: Me): ServerListConfig<SummaryKey, Summary> => ({
  spec: summaryUrlSpec,
  query: summariesQuery,
  columns: summaryColumns(t),
  getRowId: summaryRowId,
  filterKeys: summaryFilterKeys,
  orderKeys: { by: 'order_by', direction: 'order_direction' },
  detail: { idPrefix: summaryIdPrefix, describe: (s) => t('transactions.list.rowLabel', { id: summaryRowId(s) }), ...cycleDetails },
  tools: {
    listId: 'transactions',
    ...listToolsUser(me),
    apiColumns: summaryApiColumns,
    exportPath: '/v1/transactions/summaries',
    exportFileBase: t('transactions.list.fileBase'),
    viewPage: 'transactions',
  },
});
const rowHref = (s: Summary) => transactionPath(summaryRowId(s));

export function TransactionsPage() {
  const t = useT();
  const me = useMe();
  const sortOptions = useSummarySortOptions();
  const config = useMemo(() => listConfig(t, me), [t, me]);
  const list = useServerList(config);
  const { get, update } = list;
  const filters = useMemo(() => filterParams(list.params, summaryFilterKeys), [list.params]);
  // the totals strip's own query (same key, one request): its exact count is the pager's too, never "about" beside it
  const stats = useQuery(statsQuery({ ...filters, bucket: 'week' }));
  const exactTotal = stats.isPlaceholderData ? null : (stats.data?.totals.count ?? null);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>{t('transactions.list.title')}</h1>
        <p className={styles.subtitle}>{t('transactions.list.subtitle')}</p>
      </header>
      <TotalsStrip filters={filters} status={get('status')} onStatus={(status) => update({ status })} />
      <ListView
        list={list}
        label={t('transactions.list.title')}
        pagesLabel={t('transactions.list.pages')}
        loadingLabel={t('transactions.list.loading')}
        emptyTitle={t('transactions.list.emptyTitle')}
        emptyText={t('transactions.list.emptyText')}
        filteredTitle={t('transactions.list.filteredTitle')}
        filteredText={t('transactions.list.filteredText')}
        errorClassName={styles.error}
        rowHref={rowHref}
        exactTotal={exactTotal}
        filters={
          <TransactionsFilters
            merchants={me.merchantId ? [] : me.merchants}
            get={get}
            update={update}
            actions={
              <SortSelect
                options={sortOptions}
                orderBy={get('order_by')}
                direction={get('order_direction')}
                onChange={(order_by, order_direction) => update({ order_by, order_direction })}
              />
            }
          />
        }
      />
    </section>
  );
}
