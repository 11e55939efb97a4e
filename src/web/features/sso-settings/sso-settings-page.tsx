import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { describeError } from '../../lib/problems/describe-error.ts';
import { useHasScope } from '../../lib/scopes/has-scopes.ts';
import { ManagedView } from './managed-view.tsx';
import { removeSsoSettings, ssoSettingsQuery, type SsoSettings } from './sso-settings-api.ts';
import { ssoSettingsKey } from './sso-settings-keys.ts';
import { SsoSettingsForm } from './sso-settings-form.tsx';
import layout from '../../components/page-layout.module.css';
import styles from './sso-settings.module.css';

/** Admins: the organization's OpenID provider, who it lets in and with which role (issue 24 item 4). */
export function SsoSettingsPage() {
  const t = useT();
  const query = useQuery(ssoSettingsQuery());
  const canWrite = useHasScope('people:write');
  const current = query.data ?? null;
  // the form starts again from a new read (created, removed); "Saved" outlives that
  const [saved, setSaved] = useState(false);
  return (
    <section className={layout.page} aria-labelledby="sso-title">
      <header className={layout.header}>
        <div>
          <h1 id="sso-title">{t('sso-settings.title')}</h1>
          <p className={layout.subtitle}>{t('sso-settings.subtitle')}</p>
        </div>
      </header>
      {query.isPending ? <Skeleton label={t('sso-settings.loading')} /> : null}
      {query.isError ? <ErrorState title={t('sso-settings.error')} error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess ? (
        <div className={styles.card}>
          <p className={styles.status}>{t(current === null ? 'sso-settings.status.off' : 'sso-settings.status.on')}</p>
          {current?.config.source === 'environment' ? (
            <ManagedView config={current.config} />
          ) : (
            <>
              <SsoSettingsForm key={current ? 'edit' : 'new'} current={current} canWrite={canWrite} onSaved={() => setSaved(true)} />
              {saved ? <Banner tone="success" title={t('sso-settings.saved')} /> : null}
              {current && canWrite ? <RemoveSso current={current} onRemoved={() => setSaved(false)} /> : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

/** Removes the configuration after a confirmation (the server refuses when no admin could sign in without it). */
function RemoveSso({ current, onRemoved }: { current: SsoSettings; onRemoved: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeSsoSettings(current.etag),
    onSuccess: () => {
      onRemoved();
      client.setQueryData(ssoSettingsKey(), null);
    },
  });
  const error = remove.error ? describeError(remove.error, t) : null;
  return (
    <div className={styles.remove}>
      {asking ? (
        <div role="group" aria-label={t('sso-settings.remove.confirmTitle')} className={styles.actions}>
          <span>{t('sso-settings.remove.confirm')}</span>
          <Button variant="primary" onClick={() => remove.mutate()} disabled={remove.isPending} autoFocus>
            {t('sso-settings.remove.yes')}
          </Button>
          <Button onClick={() => setAsking(false)}>{t('sso-settings.remove.no')}</Button>
        </div>
      ) : (
        <Button onClick={() => setAsking(true)}>{t('sso-settings.remove.button')}</Button>
      )}
      {error ? (
        <Banner tone="error" title={error.title}>
          {error.detail}
        </Banner>
      ) : null}
    </div>
  );
}
