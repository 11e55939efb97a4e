import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Badge } from '../../components/badge.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { eventsOfTransactionPath } from '../../lib/paths.ts';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { transactionEventsQuery } from './api/summary-query.ts';
import styles from './transaction-page.module.css';

/** The webhook events of this transaction, each a link into the events list filtered to it. */
export function TransactionEvents({ summaryId }: { summaryId: string }) {
  const t = useT();
  const query = useQuery(transactionEventsQuery(summaryId));
  const events = query.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="events-title" data-testid="transaction-events">
      <h2 id="events-title">{t('transactions.events.title')}</h2>
      {query.isPending ? <p className={styles.muted}>{t('transactions.events.loading')}</p> : null}
      {query.isError ? <p role="alert">{t('transactions.events.failed')}</p> : null}
      {query.isSuccess && events.length === 0 ? <p className={styles.muted}>{t('transactions.events.none')}</p> : null}
      {events.length > 0 ? (
        <ul className={styles.eventList}>
          {events.map((e) => (
            <li key={e.eventId}>
              <TimeText iso={e.createdAt} />
              <Badge tone={statusTones[e.eventStatus] ?? 'neutral'}>{domainLabel(t, 'status', e.eventStatus)}</Badge>
              <span>
                {e.eventType} · {domainLabel(t, 'cycleType', e.transactionType)}
              </span>
              <code className={styles.muted}>{e.eventId}</code>
            </li>
          ))}
        </ul>
      ) : null}
      {events.length > 0 ? <Link to={eventsOfTransactionPath(summaryId)}>{t('transactions.events.open')}</Link> : null}
    </section>
  );
}
