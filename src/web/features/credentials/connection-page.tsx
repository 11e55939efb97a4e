import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { transactionsListPath } from '../../lib/paths.ts';
import { connectionQuery } from './api/connections.ts';
import { useProviders } from './api/providers.ts';
import { ConfirmToggleDialog } from './confirm-toggle-dialog.tsx';
import { ConnectionDetails } from './connection-details.tsx';
import { ConnectionEditForm } from './connection-edit-form.tsx';
import { ConnectionHistory } from './connection-history.tsx';
import { describeConnection, ModeBadge, StatusBadge } from './connection-labels.tsx';
import { useToggleConnection } from './use-toggle-connection.ts';
import styles from './connection-page.module.css';
import { connectionsPath, newConnectionPath } from './connection-paths.ts';

/** /credentials/:id: one acquirer connection, its switch, the edit of its codes and its history. */
export function ConnectionPage() {
  const t = useT();
  const me = useMe();
  const { id = '' } = useParams();
  const justCreated = (useLocation().state as { created?: boolean } | null)?.created === true;
  const connection = useQuery(connectionQuery(id));
  const providers = useProviders();
  const { toggle, busyId, failure, clearFailure } = useToggleConnection();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justCreated) heading.current?.focus();
  }, [justCreated, connection.isSuccess]);

  if (connection.isPending) return <Skeleton lines={8} height="1.5rem" label={t('credentials.page.loading')} />;
  if (connection.isError) return <ErrorState error={connection.error} title={t('credentials.page.loadFailed')} onRetry={() => void connection.refetch()} />;
  const { credential, etag } = connection.data;
  const provider = providers.data?.find((p) => p.id === credential.providerId);
  const merchant = me.merchants.find((m) => m.id === credential.merchantId);
  const merchantName = merchant?.name;
  const subject = describeConnection(t, credential, provider, merchantName);

  return (
    <section className={styles.page} aria-labelledby="connection-title">
      <nav aria-label={t('credentials.page.breadcrumb')} className={styles.back}>
        <Link to={connectionsPath}>{t('credentials.page.back', { list: t('credentials.list.title') })}</Link>
      </nav>
      <header className={styles.header}>
        <div>
          <h1 id="connection-title" ref={heading} tabIndex={-1}>
            {provider?.displayName ?? t('credentials.page.title')} · {merchantName ?? credential.merchantId}
          </h1>
          <p className={styles.muted}>{t('credentials.page.subtitle')}</p>
        </div>
        <div className={styles.badges}>
          <StatusBadge enabled={credential.enabled} />
          <ModeBadge testMode={credential.testMode} />
        </div>
      </header>
      {justCreated ? (
        <Banner tone="success" title={t('credentials.page.created')}>
          <p>{t('credentials.next.lead')}</p>
        </Banner>
      ) : null}
      {justCreated ? (
        <section className={styles.next} aria-labelledby="next-title" data-testid="next-steps">
          <h2 id="next-title">{t('credentials.next.title')}</h2>
          <ol className={styles.steps}>
            <li>
              <strong>{t('credentials.next.testTitle')}</strong>
              <span className={styles.muted}>
                {t(credential.testMode ? 'credentials.next.testText' : 'credentials.next.liveText', {
                  acquirer: provider?.displayName ?? '',
                  mid: credential.authenticationData.merchantIdentifier ?? '',
                  tid: credential.authenticationData.terminalIdentifier ?? '',
                })}
              </span>
            </li>
            <li>
              <strong>{t('credentials.next.seeTitle')}</strong>
              <span className={styles.muted}>{t('credentials.next.seeText')}</span>
            </li>
          </ol>
        </section>
      ) : null}
      {failure ? (
        <Banner tone="error" title={t('credentials.toggle.failedTitle')} action={<Button size="small" onClick={clearFailure}>{t('credentials.dismiss')}</Button>}>
          <p>{failure}</p>
        </Banner>
      ) : null}
      <div className={styles.actions}>
        <Link
          to={transactionsListPath({ merchant_id: credential.merchantId, ...(provider ? { acquirer: provider.name } : {}) })}
          className={styles.primaryLink}
        >
          {t('credentials.next.seeTransactions')}
        </Link>
        <Button variant={credential.enabled ? 'secondary' : 'primary'} onClick={() => setConfirming(true)} disabled={busyId === credential.id || editing}>
          {credential.enabled ? t('credentials.actions.disable') : t('credentials.actions.enable')}
        </Button>
        {provider && !editing ? (
          <Button onClick={() => setEditing(true)} disabled={busyId === credential.id}>
            {t('credentials.edit.open')}
          </Button>
        ) : null}
        <Link to={newConnectionPath}>{t('credentials.page.connectAnother')}</Link>
      </div>
      <ConnectionDetails credential={credential} provider={provider} merchantName={merchantName} merchantTaxId={merchant?.taxId} />
      {editing && provider ? (
        <section className={styles.card} aria-labelledby="edit-title">
          <h2 id="edit-title">{t('credentials.edit.title')}</h2>
          <ConnectionEditForm credential={credential} etag={etag} provider={provider} onDone={() => setEditing(false)} />
        </section>
      ) : null}
      <section className={styles.card} aria-labelledby="history-title">
        <h2 id="history-title">{t('credentials.history.title')}</h2>
        <ConnectionHistory id={credential.id} provider={provider} />
      </section>
      {confirming ? (
        <ConfirmToggleDialog
          subject={subject}
          disabling={credential.enabled}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            toggle({ credential, etag });
            setConfirming(false);
          }}
        />
      ) : null}
    </section>
  );
}
