import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Credential } from '../../../contract/credentials.ts';
import { Banner } from '../../components/banner.tsx';
import { Button } from '../../components/button.tsx';
import { ListView } from '../../components/data-table/list-view.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { listToolsUser } from '../../lib/list-tools/list-tools-user.ts';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../../lib/me-context.tsx';
import { connectionsQuery } from './api/connections.ts';
import { useProviders } from './api/providers.ts';
import { ConfirmToggleDialog } from './confirm-toggle-dialog.tsx';
import { describeConnection } from './connection-labels.tsx';
import { connectionColumns } from './connections-columns.tsx';
import { ConnectionsFilters } from './connections-filters.tsx';
import { connectionFilterKeys, connectionUrlSpec, type ConnectionKey } from './connections-url.ts';
import { useToggleConnection } from './use-toggle-connection.ts';
import layout from '../../components/page-layout.module.css';
import styles from './connections.module.css';
import { newConnectionPath } from './connection-paths.ts';

/** "Acquirer connections": the list of GET /v1/credentials, configured on the shared list pieces. */
export function ConnectionsPage() {
  const t = useT();
  const me = useMe();
  const providers = useProviders();
  const providerMap = useMemo(() => new Map((providers.data ?? []).map((p) => [p.id, p])), [providers.data]);
  const merchantNames = useMemo(() => new Map(me.merchants.map((m) => [m.id, m.name])), [me.merchants]);
  const { toggle, busyId, failure, clearFailure } = useToggleConnection();
  const [confirming, setConfirming] = useState<Credential | null>(null);
  const config = useMemo(
    (): ServerListConfig<ConnectionKey, Credential> => ({
      spec: connectionUrlSpec,
      query: connectionsQuery,
      columns: connectionColumns({ t, providers: providerMap, merchantName: (id) => merchantNames.get(id), busyId, onToggle: setConfirming }),
      getRowId: (c) => c.id,
      filterKeys: connectionFilterKeys,
      orderKeys: { by: null, direction: 'order_direction', fixedBy: 'created_at' },
      tools: { listId: 'connections', ...listToolsUser(me) },
    }),
    [t, providerMap, merchantNames, busyId, me],
  );
  const list = useServerList(config);

  return (
    <section className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{t('credentials.list.title')}</h1>
          <p className={layout.subtitle}>{t('credentials.list.subtitle')}</p>
        </div>
        <Link to={newConnectionPath} className={styles.primaryLink}>
          {t('credentials.list.connect')}
        </Link>
      </header>
      {failure ? (
        <Banner tone="error" title={t('credentials.toggle.failedTitle')} action={<Button size="small" onClick={clearFailure}>{t('credentials.dismiss')}</Button>}>
          <p>{failure}</p>
        </Banner>
      ) : null}
      <ListView
        list={list}
        label={t('credentials.list.title')}
        pagesLabel={t('credentials.list.pages')}
        loadingLabel={t('credentials.list.loading')}
        emptyTitle={t('credentials.list.emptyTitle')}
        emptyText={t('credentials.list.emptyText')}
        filteredTitle={t('credentials.list.filteredTitle')}
        filteredText={t('credentials.list.filteredText')}
        filters={
          <ConnectionsFilters get={list.get} update={list.update} providers={providers.data ?? []} merchants={me.merchants} lockedMerchant={me.merchantId !== null} />
        }
      />
      {confirming ? (
        <ConfirmToggleDialog
          subject={describeConnection(t, confirming, providerMap.get(confirming.providerId), merchantNames.get(confirming.merchantId))}
          disabling={confirming.enabled}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            toggle({ credential: confirming });
            setConfirming(null);
          }}
        />
      ) : null}
    </section>
  );
}
