import type { Summary } from '../../../contract/summaries.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../../lib/me-context.tsx';
import { useMemo } from 'react';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { summariesQuery } from './api/summaries-query.ts';
import { summaryColumns, summaryIdPrefix, summaryRowId, useSummarySortOptions } from './transactions-columns.tsx';
import { TransactionsFilters } from './transactions-filters.tsx';
import { summaryFilterKeys, summaryUrlSpec, type SummaryKey } from './transactions-url.ts';
import styles from './transactions.module.css';

const listConfig = (t: Translate): ServerListConfig<SummaryKey, Summary> => ({
  spec: summaryUrlSpec,
  query: summariesQuery,
  columns: summaryColumns(t),
  getRowId: summaryRowId,
  filterKeys: summaryFilterKeys,
  orderKeys: { by: 'order_by', direction: 'order_direction' },
});
const rowHref = (s: Summary) => transactionPath(summaryRowId(s));

export function TransactionsPage() {
  const t = useT();
  const me = useMe();
  const sortOptions = useSummarySortOptions();
  const config = useMemo(() => listConfig(t), [t]);
  const list = useServerList(config);
  const { get, update } = list;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>{t('transactions.list.title')}</h1>
        <p className={styles.subtitle}>{t('transactions.list.subtitle')}</p>
      </header>
      <ListView
        list={list}
        label={t('transactions.list.title')}
        pagesLabel={t('transactions.list.pages')}
        loadingLabel={t('transactions.list.loading')}
        idPrefix={summaryIdPrefix}
        emptyTitle={t('transactions.list.emptyTitle')}
        emptyText={t('transactions.list.emptyText')}
        filteredTitle={t('transactions.list.filteredTitle')}
        filteredText={t('transactions.list.filteredText')}
        errorClassName={styles.error}
        rowHref={rowHref}
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
