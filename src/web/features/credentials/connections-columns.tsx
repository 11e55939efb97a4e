import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { Credential } from '../../../contract/credentials.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Button } from '../../components/button.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import type { ListFeatures } from '../../components/data-table/features.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { StatusBadge } from './connection-labels.tsx';
import styles from './connections.module.css';
import { connectionPath } from './connection-paths.ts';

const helper = createColumnHelper<ListFeatures, Credential>();

export interface ColumnContext {
  t: Translate;
  providers: ReadonlyMap<string, Provider>;
  merchantName: (id: string) => string | undefined;
  /** the connection being switched right now, if any */
  busyId: string | null;
  onToggle: (credential: Credential) => void;
}

/** Columns of the acquirer connections list; the actions column opens the confirmation. */
export function connectionColumns({ t, providers, merchantName, busyId, onToggle }: ColumnContext) {
  return helper.columns([
    helper.accessor('merchantId', {
      id: 'merchant',
      header: t('credentials.columns.merchant'),
      enableSorting: false,
      meta: { label: t('credentials.columns.merchant'), card: 'primary' },
      cell: ({ row }) => (
        <Link to={connectionPath(row.original.id)} className={styles.open}>
          {merchantName(row.original.merchantId) ?? row.original.merchantId}
        </Link>
      ),
    }),
    helper.accessor('providerId', {
      id: 'provider',
      header: t('credentials.columns.acquirer'),
      enableSorting: false,
      meta: { label: t('credentials.columns.acquirer') },
      cell: ({ getValue }) => providers.get(getValue())?.displayName ?? getValue(),
    }),
    helper.accessor((c) => c.authenticationData.merchantIdentifier ?? '', {
      id: 'mid',
      header: t('credentials.columns.mid'),
      enableSorting: false,
      meta: { label: t('credentials.columns.mid'), mono: true },
      cell: ({ getValue }) => getValue() || dash,
    }),
    helper.accessor((c) => c.authenticationData.terminalIdentifier ?? '', {
      id: 'tid',
      header: t('credentials.columns.tid'),
      enableSorting: false,
      meta: { label: t('credentials.columns.tid'), mono: true },
      cell: ({ getValue }) => getValue() || dash,
    }),
    helper.accessor('enabled', {
      id: 'enabled',
      header: t('credentials.columns.status'),
      enableSorting: false,
      meta: { label: t('credentials.columns.status'), card: 'aside' },
      cell: ({ getValue }) => <StatusBadge enabled={getValue()} />,
    }),
    helper.accessor('createdAt', {
      id: 'created_at',
      header: t('credentials.columns.created'),
      sortDescFirst: true,
      meta: { label: t('credentials.columns.created'), card: 'sub' },
      cell: ({ getValue }) => <TimeText iso={getValue()} />,
    }),
    helper.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('credentials.columns.actions')}</span>,
      meta: { label: t('credentials.columns.actions'), align: 'end', fixed: true },
      cell: ({ row }) => (
        <Button size="small" onClick={() => onToggle(row.original)} disabled={busyId === row.original.id}>
          {row.original.enabled ? t('credentials.actions.disable') : t('credentials.actions.enable')}
        </Button>
      ),
    }),
  ]);
}
