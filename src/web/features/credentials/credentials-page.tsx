import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { useProviders } from './api/providers.ts';
import { CredentialForm } from './credential-form.tsx';
import { clearDraft, readDraft, type CredentialDraft, type DraftMerchant } from './credential-draft.ts';
import styles from './credentials-page.module.css';
import { connectionPath, connectionsPath } from './connection-paths.ts';

/** What the form starts from: the tab's draft, with the merchant a link picked (`?merchant_id=`, its name in the link's state). */
function startingPoint(draft: CredentialDraft | null, merchantId: string | null, linked: DraftMerchant | undefined): CredentialDraft | null {
  if (!merchantId) return draft;
  const merchant = linked?.id === merchantId ? linked : draft?.merchant?.id === merchantId ? draft.merchant : undefined;
  return { ...(draft?.merchantId === merchantId ? draft : {}), merchantId, ...(merchant ? { merchant } : {}) };
}

/** /credentials/new: connect an acquirer; success lands on the new connection's own page (its URL survives a reload). */
export function CredentialsPage() {
  const t = useT();
  const me = useMe();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const linked = (useLocation().state as { merchant?: DraftMerchant } | null)?.merchant;
  const providers = useProviders();
  // What was typed in this tab (kept across a reload or a sign-in, secrets excepted), read once.
  const [start, setStart] = useState(() => startingPoint(readDraft(), search.get('merchant_id'), linked));
  const [generation, setGeneration] = useState(0);
  const restored = Boolean(start?.providerId || (start?.authenticationData && Object.keys(start.authenticationData).length > 0));

  const startOver = () => {
    clearDraft();
    setStart(null);
    setGeneration((g) => g + 1);
  };

  let body;
  if (providers.isPending) body = <Skeleton lines={6} height="1.5rem" label={t('credentials.create.loadingAcquirers')} />;
  else if (providers.isError)
    body = <ErrorState error={providers.error} title={t('credentials.create.acquirersFailed')} onRetry={() => void providers.refetch()} retrying={providers.isFetching} />;
  else if (providers.data.length === 0) body = <EmptyState title={t('credentials.create.noAcquirers')}>{t('credentials.create.noAcquirersText')}</EmptyState>;
  else
    body = (
      <>
        {restored ? (
          <p className={styles.draft} role="status">
            <span>{t('credentials.create.draftKept')}</span>
            <Button size="small" variant="ghost" onClick={startOver}>
              {t('credentials.create.startOver')}
            </Button>
          </p>
        ) : null}
        <CredentialForm
          key={generation}
          me={me}
          defaults={start ?? undefined}
          defaultMerchant={start?.merchant}
          providers={providers.data}
          onCreated={(credential) => void navigate(connectionPath(credential.id), { state: { created: true } })}
        />
      </>
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
