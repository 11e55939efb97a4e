import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../../components/error-state.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { meQueryOptions } from './api/me.ts';
import { MeContext } from '../../lib/me-context.tsx';
import styles from './require-auth.module.css';
import { useSession } from './use-token.ts';
import { useT } from '../../lib/i18n/i18n.tsx';

/** Signed-in routes, behind the session gate (session-gate.tsx, which sends a tab without a session to sign-in): the identity first. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  // unknown (a new tab): the cookie, if any, answers /v1/me; a 401 ends the session and leads to sign-in
  const me = useQuery({ ...meQueryOptions(), enabled: session.status !== 'signed-out' });
  const t = useT();

  if (session.status === 'signed-out') return null;
  if (me.isPending) {
    return (
      <div className={styles.loading}>
        <Skeleton lines={3} label={t('auth.loadingOrganization')} />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className={styles.loading}>
        <ErrorState error={me.error} title={t('auth.organizationFailed')} onRetry={() => void me.refetch()} retrying={me.isFetching} />
      </div>
    );
  }
  return <MeContext value={me.data}>{children}</MeContext>;
}
