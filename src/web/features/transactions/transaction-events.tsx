import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Event } from '../../../contract/events.ts';
import { Badge } from '../../components/badge.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { eventsOfTransactionPath } from '../../lib/paths.ts';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { transactionEventsQuery } from './api/summary-query.ts';
import styles from './transaction-page.module.css';

// the body as received: a chunk of its own, asked for when shown
const ReceivedBody = lazy(async () => ({ default: (await import('../../components/received-body/received-body.tsx')).ReceivedBody }));

/** One event of the transaction, and beside it the notification as received, loaded when its disclosure opens. */
function EventItem({ event: e }: { event: Event }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <li data-testid="transaction-event">
      <div className={styles.eventLine}>
        <TimeText iso={e.createdAt} />
        <Badge tone={statusTones[e.eventStatus] ?? 'neutral'}>{domainLabel(t, 'status', e.eventStatus)}</Badge>
        <span>
          {domainLabel(t, 'eventType', e.eventType)} · {domainLabel(t, 'cycleType', e.transactionType)}
        </span>
        <code className={styles.muted}>{e.eventId}</code>
      </div>
      <details className={styles.received} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{t('transactions.events.asReceived')}</summary>
        {open ? (
          <Suspense fallback={<Skeleton lines={3} />}>
            <ReceivedBody eventId={e.eventId} heading={false} />
          </Suspense>
        ) : null}
      </details>
    </li>
  );
}

/** The webhook events of this transaction, each with its body as received, and a link into the events list filtered to them. */
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
            <EventItem key={e.eventId} event={e} />
          ))}
        </ul>
      ) : null}
      {events.length > 0 ? <Link to={eventsOfTransactionPath(summaryId)}>{t('transactions.events.open')}</Link> : null}
    </section>
  );
}
