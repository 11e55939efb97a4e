import { use, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../copy-button.tsx';
import { ErrorState } from '../error-state.tsx';
import { Skeleton } from '../skeleton.tsx';
import { prettyJson } from '../../lib/pretty-json.ts';
import { loadFeatureMessages, useT } from '../../lib/i18n/i18n.tsx';
import { eventDetailQuery } from './event-detail-query.ts';
import styles from './received-body.module.css';

export interface ReceivedBodyProps {
  eventId: string;
  /** its own "As received" heading (the event's detail); without, a disclosure around it names it (a transaction's events) */
  heading?: boolean;
}

// its texts are a bundle of their own (tools/i18n-messages.ts lazyComponentBundles), asked for with its code
const texts = loadFeatureMessages('received-body');

/**
 * "As received": the notification's body as the acquirer sent it (GET /v1/events/{eventId} rawBody), laid out for
 * reading without re-parsing (lib/pretty-json.ts), with Copy for the text exactly as stored. Loads when shown: its
 * users import it lazily (a chunk of its own, not in every signed-in page's shared chunk).
 */
export function ReceivedBody({ eventId, heading = true }: ReceivedBodyProps) {
  use(texts);
  const t = useT();
  const headingId = useId();
  const query = useQuery(eventDetailQuery(eventId));
  const body = query.data?.rawBody ?? null;
  return (
    <section className={styles.received} aria-labelledby={heading ? headingId : undefined} aria-label={heading ? undefined : t('received-body.title')} data-testid="received-body">
      <div className={styles.head}>
        {heading ? <h3 id={headingId}>{t('received-body.title')}</h3> : null}
        <p className={styles.hint}>{t('received-body.hint')}</p>
        {body !== null ? <CopyButton text={body} label={t('received-body.copy', { id: eventId })} className={styles.copy} /> : null}
      </div>
      {query.isPending ? <Skeleton lines={4} label={t('received-body.loading')} /> : null}
      {query.isError ? <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      {query.isSuccess && body === null ? <p className={styles.none}>{t('received-body.none')}</p> : null}
      {body !== null ? (
        // scrollable, so it takes the focus (the keyboard scrolls it); its name says what it is
        <pre className={styles.body} tabIndex={0} aria-label={t('received-body.bodyLabel', { id: eventId })} data-testid="received-body-text">
          <code>{prettyJson(body)}</code>
        </pre>
      ) : null}
    </section>
  );
}
