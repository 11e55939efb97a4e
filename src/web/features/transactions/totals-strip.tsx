import { useQuery } from '@tanstack/react-query';
import { summaryStatuses, type SummaryStatus } from '../../../contract/enums.ts';
import { Button } from '../../components/button.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { statsCurrency, statsQuery } from '../../lib/stats/stats-query.ts';
import type { SummaryParams } from './api/summaries-query.ts';
import styles from './totals-strip.module.css';

export interface TotalsStripProps {
  /** the list's filter parameters (filterParams of the list's own API parameters) */
  filters: SummaryParams;
  /** the status filter in effect ('' for any): a status chip applies it */
  status: string;
  onStatus: (status: SummaryStatus) => void;
}

/** Count and sum of every transaction the filters match (all pages), overall and per status, from the stats endpoint. */
export function TotalsStrip({ filters, status, onStatus }: TotalsStripProps) {
  const t = useT();
  // week buckets: the fewest series rows; the strip reads the totals only (the page reads the same query's count for its pager)
  const query = useQuery(statsQuery({ ...filters, bucket: 'week' }));
  const totals = query.data?.totals;
  if (!totals) {
    return query.isError ? (
      <div className={styles.strip} role="status">
        <span className={styles.muted}>{t('transactions.totals.error')}</span>
        <Button size="small" variant="ghost" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('components.error.retrying') : t('transactions.totals.retry')}
        </Button>
      </div>
    ) : (
      <div className={styles.strip}>
        <Skeleton width="24rem" label={t('transactions.totals.loading')} />
      </div>
    );
  }
  const shown = summaryStatuses.filter((s) => totals.byStatus[s].count > 0);
  return (
    <section
      className={[styles.strip, query.isPlaceholderData && styles.stale].filter(Boolean).join(' ')}
      aria-label={t('transactions.totals.label')}
      aria-busy={query.isPlaceholderData}
      title={t('transactions.totals.estimate')}
      data-testid="totals-strip"
    >
      <p className={styles.total} data-testid="totals-all" data-count={totals.count} data-amount={totals.amount}>
        <strong>{t('transactions.totals.all', { n: totals.count })}</strong>
        <span className={styles.amount}>{formatAmount(totals.amount, statsCurrency)}</span>
      </p>
      <ul className={styles.statuses}>
        {shown.map((s) => {
          const { count, amount } = totals.byStatus[s];
          const label = domainLabel(t, 'status', s);
          const content = (
            <>
              <span className={styles.statusName} data-status={s}>
                {label}
              </span>
              <span className={styles.count}>{formatCount(count)}</span>
              <span className={styles.amount}>{formatAmount(amount, statsCurrency)}</span>
            </>
          );
          return (
            <li key={s} data-testid={`totals-${s}`} data-count={count} data-amount={amount}>
              {status === s ? (
                <span className={styles.chip}>{content}</span>
              ) : (
                <button type="button" className={styles.chip} title={t('transactions.totals.filter', { status: label })} onClick={() => onStatus(s)}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {totals.refunds.count > 0 ? (
        <p className={styles.total} title={t('transactions.totals.refundsHint')} data-testid="totals-refunds" data-amount={totals.refunds.amount}>
          <span className={styles.muted}>{t('transactions.totals.refunds')}</span>
          <span className={styles.amount}>{formatAmount(totals.refunds.amount, statsCurrency)}</span>
        </p>
      ) : null}
    </section>
  );
}
