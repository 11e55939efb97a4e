import { createColumnHelper } from '@tanstack/react-table';
import type { Event } from '../../../contract/events.ts';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash, expandColumn } from '../../components/data-table/column-helpers.tsx';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { Link } from 'react-router';
import { maskCard } from '../../lib/format.ts';
import { transactionPath } from '../../lib/paths.ts';
import { MerchantName } from './merchant-name.tsx';
import { acquirerLabels, cardBrandLabels, cycleTypeLabels, label, paymentMethodLabels, statusLabels, statusTones } from '../../lib/labels.ts';
import styles from './events.module.css';

const helper = createColumnHelper<ListFeatures, Event>();

export const eventIdPrefix = 'evt';

export const eventColumns = helper.columns([
  expandColumn(helper, eventIdPrefix, (e) => `event ${e.eventId}`),
  helper.accessor('createdAt', {
    id: 'created_at',
    header: 'Created',
    sortDescFirst: true,
    meta: { label: 'Created', card: 'sub' },
    cell: ({ getValue }) => <TimeText iso={getValue()} />,
  }),
  helper.accessor('eventStatus', {
    id: 'event_status',
    header: 'Status',
    enableSorting: false,
    meta: { label: 'Status', card: 'aside' },
    cell: ({ getValue }) => <Badge tone={statusTones[getValue()] ?? 'neutral'}>{label(statusLabels, getValue())}</Badge>,
  }),
  helper.accessor('transactionType', {
    id: 'transaction',
    header: 'Transaction',
    enableSorting: false,
    meta: { label: 'Transaction' },
    cell: ({ row }) => (
      <span className={styles.txn}>
        {label(cycleTypeLabels, row.original.transactionType)}
        <Badge tone={statusTones[row.original.transactionStatus] ?? 'neutral'}>{label(statusLabels, row.original.transactionStatus)}</Badge>
      </span>
    ),
  }),
  helper.accessor('amount', {
    id: 'amount',
    header: 'Amount',
    enableSorting: false,
    meta: { label: 'Amount', align: 'end', card: 'primary' },
    cell: ({ row }) => <MoneyText minor={row.original.amount} currency={row.original.currency} className={styles.amount} />,
  }),
  helper.accessor('acquirerName', {
    id: 'acquirer',
    header: 'Acquirer',
    enableSorting: false,
    meta: { label: 'Acquirer' },
    cell: ({ getValue }) => label(acquirerLabels, getValue()),
  }),
  helper.accessor('paymentMethod', {
    id: 'payment_method',
    header: 'Method',
    enableSorting: false,
    meta: { label: 'Method' },
    cell: ({ getValue }) => label(paymentMethodLabels, getValue()),
  }),
  helper.accessor('merchantId', {
    id: 'merchant',
    header: 'Merchant',
    enableSorting: false,
    meta: { label: 'Merchant' },
    cell: ({ getValue }) => <MerchantName id={getValue()} />,
  }),
  helper.accessor('id', {
    id: 'transaction',
    header: 'Transaction',
    enableSorting: false,
    meta: { label: 'Transaction', mono: true },
    cell: ({ getValue }) => (
      <Link to={transactionPath(getValue())} className={styles.transactionLink} title={`Open transaction ${getValue()}`}>
        {getValue()}
      </Link>
    ),
  }),
  helper.accessor((e) => e.cardData?.last4 ?? '', {
    id: 'card',
    header: 'Card',
    enableSorting: false,
    meta: { label: 'Card', mono: true },
    cell: ({ row }) => {
      const card = row.original.cardData;
      if (!card) return dash;
      return (
        <span className={styles.card}>
          {card.cardBrand ? <span className={styles.brand}>{label(cardBrandLabels, card.cardBrand)}</span> : null}
          {maskCard(card.bin, card.last4)}
        </span>
      );
    },
  }),
]);
