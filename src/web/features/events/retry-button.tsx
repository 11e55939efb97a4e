import { useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { TechnicalDetails } from '../../components/technical-details.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useRetryEvent } from './api/retry-event.ts';
import styles from './events.module.css';

type Outcome = 'queued' | 'processed' | 'failed';

/**
 * Retry for a failed event (or one waiting for its next attempt): the API queues it at once (202) and the
 * worker's verdict arrives on the live stream, which updates `event`; the outcome follows it: queued, then
 * processed or failed again with the new reason.
 */
export function RetryButton({ event, canRetry }: { event: Event; canRetry: boolean }) {
  const t = useT();
  const retry = useRetryEvent();
  // the attempts count when the retry was accepted: a later attempt is its outcome
  const [queuedAt, setQueuedAt] = useState<number | null>(null);
  let outcome: Outcome | null = null;
  if (queuedAt !== null) outcome = event.attempts > queuedAt && event.eventStatus !== 'pending' ? (event.eventStatus === 'processed' ? 'processed' : 'failed') : 'queued';
  const busy = retry.isPending || outcome === 'queued';
  const run = () => {
    retry.mutate(event.eventId, { onSuccess: (queued) => setQueuedAt(queued.attempts) });
  };
  const described = retry.isError ? describeError(retry.error, t) : null;
  if (!canRetry && outcome === null && !described) return null;
  return (
    <div className={styles.retry}>
      {canRetry || outcome === 'queued' ? (
        <Button variant="primary" onClick={run} disabled={busy} aria-busy={busy || undefined} data-testid="retry-event">
          {busy ? t('events.retry.busy') : outcome === 'failed' ? t('events.retry.again') : t('events.retry.action')}
        </Button>
      ) : null}
      <p role="status" className={[styles.outcome, outcome ? styles[`outcome-${outcome}`] : ''].join(' ')} data-testid="retry-outcome">
        {outcome === 'queued' ? t('events.retry.queued') : null}
        {outcome === 'processed' ? t('events.retry.processed') : null}
        {outcome === 'failed' ? t('events.retry.failed', { reason: event.failureReason ? t(`events.reason.${event.failureReason}.title`) : t('events.reason.unknown') }) : null}
      </p>
      {described ? (
        <Banner tone="error" title={described.title} className={styles.retryError}>
          <p>{described.detail}</p>
          <TechnicalDetails text={described.technical} />
        </Banner>
      ) : null}
    </div>
  );
}
