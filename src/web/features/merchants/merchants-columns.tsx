import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatCnpj, type Merchant } from '../../../contract/merchants.ts';
import { dash } from '../../components/data-table/column-helpers.tsx';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { TimeText } from '../../components/time-text.tsx';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { connectMerchantPath, merchantConnectionsPath } from './merchants-paths.ts';
import styles from './merchants.module.css';

const helper = createColumnHelper<ListFeatures, Merchant>();

export interface MerchantColumnContext {
  t: Translate;
  /** the token may see and add acquirer connections (providers:read and credentials:write) */
  connections: boolean;
}

/** Columns of the Merchants list: name, CNPJ written 00.000.000/0000-00, MCC, added; its connections. */
export function merchantColumns({ t, connections }: MerchantColumnContext) {
  return helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: t('merchants.columns.name'),
      meta: { label: t('merchants.columns.name'), card: 'primary' },
      cell: ({ getValue }) => <span className={styles.name}>{getValue()}</span>,
    }),
    helper.accessor('taxId', {
      id: 'tax_id',
      header: t('merchants.columns.cnpj'),
      enableSorting: false,
      meta: { label: t('merchants.columns.cnpj'), mono: true, card: 'sub' },
      cell: ({ getValue }) => formatCnpj(getValue()),
    }),
    helper.accessor('mcc', {
      id: 'mcc',
      header: t('merchants.columns.mcc'),
      enableSorting: false,
      meta: { label: t('merchants.columns.mcc'), mono: true },
      cell: ({ getValue }) => getValue() ?? dash,
    }),
    helper.accessor('createdAt', {
      id: 'created_at',
      header: t('merchants.columns.created'),
      sortDescFirst: true,
      meta: { label: t('merchants.columns.created') },
      cell: ({ getValue }) => <TimeText iso={getValue()} />,
    }),
    ...(connections
      ? [
          helper.display({
            id: 'connections',
            header: () => <span className="visually-hidden">{t('merchants.columns.connections')}</span>,
            meta: { label: t('merchants.columns.connections'), align: 'end', fixed: true },
            cell: ({ row }) => (
              <span className={styles.links}>
                <Link to={merchantConnectionsPath(row.original.id)} aria-label={t('merchants.connectionsOf', { name: row.original.name })}>
                  {t('merchants.connections')}
                </Link>
                <Link
                  to={connectMerchantPath(row.original.id)}
                  state={{ merchant: { id: row.original.id, name: row.original.name, taxId: row.original.taxId } }}
                  aria-label={t('merchants.connectOf', { name: row.original.name })}
                >
                  {t('merchants.connect')}
                </Link>
              </span>
            ),
          }),
        ]
      : []),
  ]);
}
