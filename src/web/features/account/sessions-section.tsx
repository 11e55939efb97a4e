import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AccountSession } from '../../../contract/people.ts';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { endSession } from '../../lib/session.ts';
import { accountSessionsKey } from './api/account-keys.ts';
import { endAccountSession, endEverySession, sessionsQuery } from './api/account-api.ts';
import styles from './account.module.css';

function SessionRow({ session, onEnd, ending }: { session: AccountSession; onEnd: () => void; ending: boolean }) {
  const t = useT();
  return (
    <li className={styles.session} data-testid="account-session">
      <div className={styles.sessionWhat}>
        <span className={styles.sessionAgent}>{session.userAgent ?? t('account.sessions.unknownAgent')}</span>
        {session.current ? <Badge tone="info">{t('account.sessions.thisDevice')}</Badge> : null}
      </div>
      <dl className={styles.sessionFacts}>
        <dt>{t('account.sessions.address')}</dt>
        <dd>{session.address ?? '—'}</dd>
        <dt>{t('account.sessions.lastUse')}</dt>
        <dd>
          <TimeText iso={session.lastSeenAt} />
        </dd>
        <dt>{t('account.sessions.started')}</dt>
        <dd>
          <TimeText iso={session.createdAt} />
        </dd>
      </dl>
      {session.current ? null : (
        <Button size="small" onClick={onEnd} disabled={ending}>
          {t('account.sessions.end')}
        </Button>
      )}
    </li>
  );
}

/** The person's dashboard sessions (address, user agent, last use, this device), one ended at a time or all at once. */
export function SessionsSection() {
  const t = useT();
  const client = useQueryClient();
  const sessions = useQuery(sessionsQuery());
  const [ending, setEnding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const endOne = (id: string) => {
    setEnding(id);
    setError(null);
    endAccountSession(id)
      .then(() => client.invalidateQueries({ queryKey: accountSessionsKey() }), setError)
      .finally(() => setEnding(null));
  };
  const endAll = () => {
    setEnding('all');
    endEverySession().then(
      () => endSession('signed-out'),
      (failure: unknown) => {
        setEnding(null);
        setError(failure);
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="account-sessions">
      <h2 id="account-sessions">{t('account.sessions.title')}</h2>
      <p className={styles.lead}>{t('account.sessions.lead')}</p>
      {error ? <ErrorState error={error} title={t('account.sessions.failed')} /> : null}
      {sessions.isPending ? <Skeleton lines={2} label={t('account.sessions.loading')} /> : null}
      {sessions.isError ? <ErrorState error={sessions.error} title={t('account.sessions.loadFailed')} onRetry={() => void sessions.refetch()} retrying={sessions.isFetching} /> : null}
      {sessions.data ? (
        <ul className={styles.sessions}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} ending={ending === session.id} onEnd={() => endOne(session.id)} />
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <div className={styles.confirm} role="group" aria-labelledby="account-everywhere">
          <p id="account-everywhere">{t('account.sessions.everywhereConfirm')}</p>
          <div className={styles.actions}>
            <Button variant="primary" onClick={endAll} disabled={ending === 'all'} autoFocus>
              {t('account.sessions.everywhereYes')}
            </Button>
            <Button onClick={() => setConfirming(false)}>{t('account.sessions.cancel')}</Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button onClick={() => setConfirming(true)}>{t('account.sessions.everywhere')}</Button>
        </div>
      )}
    </section>
  );
}
