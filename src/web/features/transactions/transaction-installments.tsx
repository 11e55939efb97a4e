import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { receivableAnchor } from '../../lib/paths.ts';
import { installmentsQuery } from './api/installments-query.ts';
import styles from './transaction-page.module.css';

const tones = { scheduled: 'info', overdue: 'danger', settled: 'success', cancelled: 'neutral', adjusted: 'warning' } as const;

/**
 * The sale's receivables: installment k of n, due date (moved to a business day), gross, MDR, net, status. A link to
 * one of them (receivablePath: the page's URL with the row's anchor) scrolls to its row once the rows are in and
 * marks it: an in-app navigation changes the URL's hash without the browser scrolling or matching `:target`.
 */
export function TransactionInstallments({ summaryId, currency }: { summaryId: string; currency: string }) {
  const t = useT();
  const query = useQuery(installmentsQuery(summaryId));
  const rows = query.data ?? [];
  const { hash } = useLocation();
  const target = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : null;
  const found = target !== null && rows.some((r) => receivableAnchor(r.id) === target);
  useEffect(() => {
    if (found && target !== null) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [found, target]);
  return (
    <section className={styles.panel} aria-labelledby="installments-title" data-testid="transaction-installments">
      <h2 id="installments-title">{t('transactions.installments.title')}</h2>
      {query.isPending ? <Skeleton lines={2} label={t('transactions.installments.loading')} /> : null}
      {query.isError ? <p role="alert">{t('transactions.installments.error')}</p> : null}
      {query.isSuccess && rows.length === 0 ? <p className={styles.muted}>{t('transactions.installments.none')}</p> : null}
      {rows.length > 0 ? (
        <div className={styles.installmentsWrap}>
          <table className={styles.installments}>
            <thead>
              <tr>
                <th scope="col">{t('transactions.installments.installment')}</th>
                <th scope="col">{t('transactions.installments.due')}</th>
                <th scope="col" className={styles.num}>{t('transactions.installments.gross')}</th>
                <th scope="col" className={styles.num}>{t('transactions.installments.fee')}</th>
                <th scope="col" className={styles.num}>{t('transactions.installments.net')}</th>
                <th scope="col">{t('transactions.installments.status')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} id={receivableAnchor(r.id)} className={receivableAnchor(r.id) === target ? styles.targetRow : undefined} aria-current={receivableAnchor(r.id) === target ? 'location' : undefined}>
                  <th scope="row">
                    {r.kind === 'adjustment' ? t('transactions.installments.adjustment') : t('transactions.installments.of', { k: r.installment, n: r.installments })}
                  </th>
                  <td data-label={t('transactions.installments.due')}>
                    {formatDate(r.dueDate)}
                    {r.dueDate !== r.originalDueDate ? <span className={styles.muted}> {t('transactions.installments.moved', { date: formatDate(r.originalDueDate) })}</span> : null}
                  </td>
                  <td className={styles.num} data-label={t('transactions.installments.gross')}><MoneyText amount={r.gross} currency={currency} /></td>
                  <td className={styles.num} data-label={t('transactions.installments.fee')}><MoneyText amount={r.fee} currency={currency} /></td>
                  <td className={styles.num} data-label={t('transactions.installments.net')}><MoneyText amount={r.net} currency={currency} /></td>
                  <td data-label={t('transactions.installments.status')}>
                    <Badge tone={tones[r.status]}>{t(`transactions.installments.status.${r.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
