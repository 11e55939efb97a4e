import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { Event } from '../../../contract/events.ts';
import { TimeText } from '../../components/time-text.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { useHasScope } from '../../lib/scopes/has-scopes.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import { Pair } from './event-fields.tsx';
import styles from './events.module.css';

// the retry (its mutation and texts of outcome) loads when a row is opened by someone who may retry, not with the list
const RetryButton = lazy(() => import('./retry-button.tsx').then((m) => ({ default: m.RetryButton })));
// the failure detail in the user's words (its sentences' texts) loads when a failed event is opened
const FailureDetail = lazy(() => import('../../components/failure-detail/failure-detail.tsx').then((m) => ({ default: m.FailureDetail })));

/**
 * How the platform handled the event: why it failed (or waits) in the user's words with its code, the
 * attempts, the next attempt, when it was processed, the transaction it made; Retry with events:write.
 */
export function ProcessingPanel({ event }: { event: Event }) {
  const t = useT();
  const mayWrite = useHasScope('events:write');
  const reason = event.failureReason;
  const canRetry = mayWrite && (event.eventStatus === 'failed' || (event.eventStatus === 'pending' && reason !== null));
  return (
    <section className={[styles.processing, styles[`processing-${event.eventStatus}`]].join(' ')} aria-label={t('events.group.processing')} data-testid="event-processing">
      <h3>{t('events.group.processing')}</h3>
      <div className={styles.processingMain}>
        {reason ? (
          <div className={styles.reason} data-testid="failure-reason">
            <p className={styles.reasonTitle}>
              <strong>{t(`events.reason.${reason}.title`)}</strong> <code>{reason}</code>
            </p>
            <p>{t(`events.reason.${reason}`)}</p>
            {event.failureDetail ? (
              <Suspense
                fallback={
                  <p className={styles.reasonDetail} lang="en">
                    {event.failureDetail}
                  </p>
                }
              >
                <FailureDetail detail={event.failureDetail} className={styles.reasonDetail} title={t('events.reason.platformWords')} />
              </Suspense>
            ) : null}
          </div>
        ) : null}
        {mayWrite ? (
          <Suspense fallback={null}>
            <RetryButton event={event} canRetry={canRetry} />
          </Suspense>
        ) : null}
      </div>
      <dl>
        <Pair term={t('events.field.attempts')} value={event.attempts} />
        {event.nextAttemptAt ? (
          <Pair term={t('events.field.nextAttempt')}>
            <TimeText iso={event.nextAttemptAt} />
          </Pair>
        ) : null}
        <Pair term={t('events.field.processedAt')}>{event.processedAt ? <TimeText iso={event.processedAt} /> : null}</Pair>
        {event.summaryId ? (
          <Pair term={t('events.field.summary')}>
            <Link to={transactionPath(event.summaryId)} data-testid="event-summary-link">
              {t('events.openSummary')}
            </Link>
          </Pair>
        ) : null}
      </dl>
    </section>
  );
}
