import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { useProviders } from './api/providers.ts';
import { CredentialForm } from './credential-form.tsx';
import { clearDraft, readDraft } from './credential-draft.ts';
import styles from './credentials-page.module.css';
import { connectionPath, connectionsPath } from './connection-paths.ts';

/** /credentials/new: connect an acquirer; success lands on the new connection's own page (its URL survives a reload). */
export function CredentialsPage() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const providers = useProviders();
  // A draft kept when a submit ended the session: restored once, on the first form after sign-in.
  const [draft] = useState(readDraft);
  useEffect(() => clearDraft(), []);

  let body;
  if (providers.isPending) body = <Skeleton lines={6} height="1.5rem" label={t('credentials.create.loadingAcquirers')} />;
  else if (providers.isError)
    body = <ErrorState error={providers.error} title={t('credentials.create.acquirersFailed')} onRetry={() => void providers.refetch()} retrying={providers.isFetching} />;
  else if (providers.data.length === 0) body = <EmptyState title={t('credentials.create.noAcquirers')}>{t('credentials.create.noAcquirersText')}</EmptyState>;
  else
    body = (
      <CredentialForm
        me={me}
        defaults={draft ?? undefined}
        providers={providers.data}
        onCreated={(credential) => void navigate(connectionPath(credential.id), { state: { created: true } })}
      />
    );

  return (
    <div className={styles.page}>
      <nav aria-label={t('credentials.page.breadcrumb')}>
        <Link to={connectionsPath}>{t('credentials.page.back', { list: t('credentials.list.title') })}</Link>
      </nav>
      <header className={styles.header}>
        <h1>{t('credentials.create.title')}</h1>
        <p className={styles.lead}>{t('credentials.create.lead')}</p>
      </header>
      <div className={styles.card}>{body}</div>
    </div>
  );
}
