import { createColumnHelper } from '@tanstack/react-table';
import type { Event } from '../../../contract/events.ts';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { Link } from 'react-router';
import { maskCard } from '../../lib/format.ts';
import { transactionPath } from '../../lib/paths.ts';
import { DeclineReason } from '../../components/decline-reason.tsx';
import { MerchantName } from './merchant-name.tsx';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import styles from './events.module.css';

const helper = createColumnHelper<ListFeatures, Event>();

export const eventIdPrefix = 'evt';

/** The events table's columns in the active language (the page makes them once per language). */
export const eventColumns = (t: Translate) =>
  helper.columns([
    helper.accessor('createdAt', {
      id: 'created_at',
      header: t('events.col.created'),
      sortDescFirst: true,
      meta: { label: t('events.col.created'), card: 'sub' },
      cell: ({ getValue }) => <TimeText iso={getValue()} />,
    }),
    helper.accessor('eventStatus', {
      id: 'event_status',
      header: t('events.col.status'),
      enableSorting: false,
      meta: { label: t('events.col.status'), card: 'aside' },
      cell: ({ getValue }) => <Badge tone={statusTones[getValue()] ?? 'neutral'}>{domainLabel(t, 'status', getValue())}</Badge>,
    }),
    helper.accessor('transactionType', {
      id: 'transaction',
      header: t('events.col.transaction'),
      enableSorting: false,
      meta: { label: t('events.col.transaction') },
      cell: ({ row }) => (
        <span className={styles.txn}>
          {domainLabel(t, 'cycleType', row.original.transactionType)}
          <Badge tone={statusTones[row.original.transactionStatus] ?? 'neutral'}>{domainLabel(t, 'status', row.original.transactionStatus)}</Badge>
        </span>
      ),
    }),
    helper.accessor('amount', {
      id: 'amount',
      header: t('events.col.amount'),
      enableSorting: false,
      meta: { label: t('events.col.amount'), align: 'end', card: 'primary' },
      cell: ({ row }) => <MoneyText minor={row.original.amount} currency={row.original.currency} className={styles.amount} />,
    }),
    helper.accessor('acquirerName', {
      id: 'acquirer',
      header: t('events.col.acquirer'),
      enableSorting: false,
      meta: { label: t('events.col.acquirer') },
      cell: ({ getValue }) => domainLabel(t, 'acquirer', getValue()),
    }),
    helper.accessor('paymentMethod', {
      id: 'payment_method',
      header: t('events.col.method'),
      enableSorting: false,
      meta: { label: t('events.col.method') },
      cell: ({ getValue }) => domainLabel(t, 'paymentMethod', getValue()),
    }),
    helper.accessor('merchantId', {
      id: 'merchant',
      header: t('events.col.merchant'),
      enableSorting: false,
      meta: { label: t('events.col.merchant') },
      cell: ({ getValue }) => {
        const id = getValue();
        return id === null ? dash : <MerchantName id={id} />;
      },
    }),
    helper.accessor('id', {
      id: 'transaction_id',
      header: t('events.field.transactionId'),
      enableSorting: false,
      meta: { label: t('events.field.transactionId'), mono: true },
      cell: ({ getValue }) => (
        <Link to={transactionPath(getValue())} className={styles.transactionLink} title={t('events.openTransaction', { id: getValue() })}>
          {getValue()}
        </Link>
      ),
    }),
    helper.accessor((e) => e.cardData?.last4 ?? '', {
      id: 'card',
      header: t('events.col.card'),
      enableSorting: false,
      meta: { label: t('events.col.card'), mono: true },
      cell: ({ row }) => {
        const card = row.original.cardData;
        if (!card) return dash;
        return (
          <span className={styles.card}>
            {card.cardBrand ? <span className={styles.brand}>{domainLabel(t, 'cardBrand', card.cardBrand)}</span> : null}
            {maskCard(card.bin, card.last4)}
          </span>
        );
      },
    }),
    helper.accessor((e) => e.acquirerResponseCode ?? '', {
      id: 'response_code',
      header: t('events.col.responseCode'),
      enableSorting: false,
      meta: { label: t('events.col.responseCode'), mono: true, optional: true },
      cell: ({ getValue }) => getValue() || dash,
    }),
    helper.accessor((e) => e.acquirerResponseCode ?? '', {
      id: 'decline_reason',
      header: t('events.col.declineReason'),
      enableSorting: false,
      meta: { label: t('events.col.declineReason'), optional: true },
      cell: ({ row, getValue }) => <DeclineReason status={row.original.transactionStatus} code={getValue() || null} />,
    }),
  ]);
