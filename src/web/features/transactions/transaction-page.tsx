import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { formatDateTimeWithZone, formatUtc, maskCard } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { AcquirerIdentifiers } from './acquirer-ids.tsx';
import { summaryQuery } from './api/summary-query.ts';
import { CycleTimeline } from './cycle-timeline.tsx';
import { DeclineCallout } from './decline-callout.tsx';
import { refundAmounts } from './refund-amounts.tsx';
import { TechnicalDetails } from './technical-details.tsx';
import { TransactionEvents } from './transaction-events.tsx';
import { TransactionInstallments } from './transaction-installments.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { useLiveTransaction } from './use-live-transaction.ts';
import styles from './transaction-page.module.css';

function Headline({ summary }: { summary: Summary }) {
  const t = useT();
  const when = summary.createdAt ? formatDateTimeWithZone(summary.createdAt) : null;
  const refunds = refundAmounts(summary);
  return (
    <header className={styles.headline}>
      <div className={styles.headTop}>
        <MoneyText amount={summary.amount} currency={summary.currency} className={styles.amount} />
        <Badge tone={statusTones[summary.status] ?? 'neutral'}>{domainLabel(t, 'status', summary.status)}</Badge>
      </div>
      <dl className={styles.headFacts}>
        <div>
          <dt>{t('transactions.page.merchant')}</dt>
          <dd>{summary.merchantName ?? summary.merchantId ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('transactions.page.acquirer')}</dt>
          <dd>{domainLabel(t, 'acquirer', summary.acquirer)}</dd>
        </div>
        <div>
          <dt>{t('transactions.page.payment')}</dt>
          <dd>
            {summary.card
              ? t('transactions.page.card', { brand: domainLabel(t, 'cardBrand', summary.card.brand), card: maskCard(summary.card.firstDigits, summary.card.lastDigits) })
              : domainLabel(t, 'paymentMethod', summary.paymentMethod)}
            {summary.installments > 1 ? t('transactions.page.installments', { count: summary.installments }) : null}
          </dd>
        </div>
        {refunds ? (
          <div data-testid="refund-facts">
            <dt>{t('transactions.page.refunded')}</dt>
            <dd>
              <MoneyText amount={refunds.refunded} currency={summary.currency} />
              <span className={styles.muted}>
                {' · '}
                {t('transactions.page.captured')} <MoneyText amount={refunds.captured} currency={summary.currency} />
                {' · '}
                {t('transactions.page.kept')} <MoneyText amount={refunds.kept} currency={summary.currency} />
              </span>
            </dd>
          </div>
        ) : null}
        {when && summary.createdAt ? (
          <div>
            <dt>{t('transactions.page.when')}</dt>
            <dd>
              <time dateTime={summary.createdAt}>{when.text}</time>
              <span className={styles.muted}> {t('transactions.page.zone', { zone: when.zone, utc: formatUtc(summary.createdAt) })}</span>
            </dd>
          </div>
        ) : null}
      </dl>
    </header>
  );
}

/** /transactions/:id: everything a support agent needs about one transaction, on a page of its own. */
export function TransactionPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useQuery(summaryQuery(id));
  const me = useMe();
  useLiveTransaction(id, query.data?.gatewayTransactionId ?? null);
  return (
    <section className={styles.page} aria-labelledby="transaction-title">
      <nav className={styles.back}>
        <Link to="/transactions">{t('transactions.page.back')}</Link>
      </nav>
      <div className={styles.titleRow}>
        <h1 id="transaction-title">{t('transactions.page.title')}</h1>
        <code className={styles.id}>{id}</code>
        <CopyButton text={id} label={t('transactions.page.copyId', { id })} />
        <span className={styles.liveSlot}>
          <LiveIndicator />
        </span>
      </div>
      {query.isPending ? <Skeleton height="1.25rem" lines={6} label={t("transactions.page.loading")} /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <>
          <DeclineCallout summary={query.data} />
          <Headline summary={query.data} />
          <div className={styles.columns}>
            <CycleTimeline summary={query.data} />
            <AcquirerIdentifiers summary={query.data} />
          </div>
          {me.scopes.includes('receivables:read') ? <TransactionInstallments summaryId={id} currency={query.data.currency} /> : null}
          <TransactionEvents summaryId={id} />
          <TechnicalDetails summary={query.data} />
        </>
      ) : null}
    </section>
  );
}
