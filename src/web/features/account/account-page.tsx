import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import layout from '../../components/page-layout.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';
import { useMe } from '../../lib/me-context.tsx';
import { accountQuery } from './api/account-api.ts';
import { PasskeysSection } from './passkeys-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { SecondFactorSection } from './second-factor-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import styles from './account.module.css';

/** My account: who is signed in (name, email, role), the password, the authenticator app, the passkeys and the sessions. */
export function AccountPage() {
  const t = useT();
  const me = useMe();
  const account = useQuery({ ...accountQuery(), enabled: Boolean(me.person) });

  if (!me.person) {
    return (
      <section className={layout.page} aria-labelledby="account-title">
        <h1 id="account-title">{t('account.title')}</h1>
        <EmptyState title={t('account.tokenTitle')}>
          <p>{t('account.tokenText')}</p>
        </EmptyState>
      </section>
    );
  }
  return (
    <section className={`${layout.page} ${styles.page}`} aria-labelledby="account-title">
      <header className={layout.header}>
        <div>
          <h1 id="account-title">{t('account.title')}</h1>
          <p className={layout.subtitle}>{t('account.subtitle')}</p>
        </div>
      </header>
      {account.isPending ? <Skeleton lines={4} label={t('account.loading')} /> : null}
      {account.isError ? <ErrorState error={account.error} title={t('account.loadFailed')} onRetry={() => void account.refetch()} retrying={account.isFetching} /> : null}
      {account.data ? (
        <>
          <section className={styles.section} aria-labelledby="account-person">
            <h2 id="account-person">{t('account.person.title')}</h2>
            <dl className={styles.facts}>
              <dt>{t('account.person.name')}</dt>
              <dd>{account.data.person.name}</dd>
              <dt>{t('account.person.email')}</dt>
              <dd data-testid="account-email">{account.data.person.email}</dd>
              <dt>{t('account.person.role')}</dt>
              <dd>{t(`account.role.${account.data.person.role}`)}</dd>
              <dt>{t('account.person.organization')}</dt>
              <dd>{account.data.organization.name}</dd>
            </dl>
          </section>
          <PasswordSection />
          <SecondFactorSection account={account.data} />
          <PasskeysSection account={account.data} />
          <SessionsSection />
        </>
      ) : null}
    </section>
  );
}
