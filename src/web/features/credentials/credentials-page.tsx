import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { useMe } from '../auth/me-context.tsx';
import { providersQueryOptions } from './api/providers.ts';
import { CredentialForm } from './credential-form.tsx';
import { clearDraft, readDraft } from './credential-draft.ts';
import { CredentialResult } from './credential-result.tsx';
import styles from './credentials-page.module.css';

interface Created {
  credential: Credential;
  provider: Provider;
}

export function CredentialsPage() {
  const me = useMe();
  const providers = useQuery(providersQueryOptions());
  const [created, setCreated] = useState<Created | null>(null);
  const [round, setRound] = useState(0);
  // A draft kept when a submit ended the session: restored once, on the first form after sign-in.
  const [draft] = useState(readDraft);
  useEffect(() => clearDraft(), []);

  let body;
  if (providers.isPending) body = <Skeleton lines={6} height="1.5rem" label="Loading providers" />;
  else if (providers.isError)
    body = <ErrorState error={providers.error} title="Could not load the providers" onRetry={() => void providers.refetch()} retrying={providers.isFetching} />;
  else if (providers.data.length === 0) body = <EmptyState title="No providers available">The platform lists no acquirers to connect to yet.</EmptyState>;
  else if (created)
    body = (
      <CredentialResult
        credential={created.credential}
        provider={created.provider}
        merchantName={me.merchants.find((m) => m.id === created.credential.merchantId)?.name}
        onConnectAnother={() => {
          setCreated(null);
          setRound((r) => r + 1);
        }}
      />
    );
  else
    body = (
      <CredentialForm
        key={round}
        me={me}
        defaults={round === 0 ? (draft ?? undefined) : undefined}
        providers={providers.data}
        onCreated={(credential, provider) => setCreated({ credential, provider })}
      />
    );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>Connect an acquirer</h1>
        <p className={styles.lead}>Bind a merchant to an acquirer with the codes the acquirer issued (MID and TID).</p>
      </header>
      <div className={styles.card}>{body}</div>
    </div>
  );
}
