import type { Summary } from '../../../contract/summaries.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../auth/me-context.tsx';
import { summariesQuery } from './api/summaries-query.ts';
import { summaryColumns, summaryIdPrefix, summaryRowId, summarySortOptions } from './transactions-columns.tsx';
import { TransactionsFilters } from './transactions-filters.tsx';
import { summaryFilterKeys, summaryUrlSpec, type SummaryKey } from './transactions-url.ts';
import styles from './transactions.module.css';

const listConfig: ServerListConfig<SummaryKey, Summary> = {
  spec: summaryUrlSpec,
  query: summariesQuery,
  columns: summaryColumns,
  getRowId: summaryRowId,
  filterKeys: summaryFilterKeys,
  orderKeys: { by: 'order_by', direction: 'order_direction' },
};
const rowHref = (s: Summary) => transactionPath(summaryRowId(s));

export function TransactionsPage() {
  const me = useMe();
  const list = useServerList(listConfig);
  const { get, update } = list;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1>Transactions</h1>
        <p className={styles.subtitle}>Summaries of card and Pix transactions with their cycles.</p>
      </header>
      <ListView
        list={list}
        label="Transactions"
        noun="transactions"
        idPrefix={summaryIdPrefix}
        emptyTitle="No transactions yet"
        emptyText="Transactions appear here as acquirers report them."
        filteredText="Try a wider date range or fewer filters."
        errorClassName={styles.error}
        rowHref={rowHref}
        filters={
          <TransactionsFilters
            merchants={me.merchantId ? [] : me.merchants}
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
        }
      />
    </section>
  );
}
