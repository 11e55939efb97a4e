import { createColumnHelper } from '@tanstack/react-table';
import type { Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { Link } from 'react-router';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { acquirerLabels, cardBrandLabels, label, paymentMethodLabels, statusLabels, statusTones } from '../../lib/labels.ts';
import styles from './transactions.module.css';

const helper = createColumnHelper<ListFeatures, Summary>();

export const summaryIdPrefix = 'txn';

export function summaryRowId(s: Summary): string {
  return s.id ?? s.gatewayTransactionId;
}

function describeSummary(s: Summary): string {
  return `Open transaction ${s.id ?? s.gatewayTransactionId}`;
}

/** Column ids are the API's order_by names, so the table's sorting state maps straight onto the URL. */
export const summaryColumns = helper.columns([
  helper.accessor((s) => s.createdAt ?? '', {
    id: 'created_at',
    header: 'Created',
    sortDescFirst: true,
    meta: { label: 'Created', card: 'sub' },
    cell: ({ row }) => (
      <Link to={transactionPath(summaryRowId(row.original))} className={styles.rowLink} aria-label={describeSummary(row.original)}>
        {row.original.createdAt ? <TimeText iso={row.original.createdAt} /> : dash}
      </Link>
    ),
  }),
  helper.accessor('amount', {
    id: 'amount',
    header: 'Amount',
    sortDescFirst: true,
    meta: { label: 'Amount', align: 'end', card: 'primary' },
    cell: ({ row }) => <MoneyText amount={row.original.amount} currency={row.original.currency} className={styles.amount} />,
  }),
  helper.accessor('status', {
    id: 'status',
    header: 'Status',
    sortDescFirst: false,
    meta: { label: 'Status', card: 'aside' },
    cell: ({ getValue }) => <Badge tone={statusTones[getValue()] ?? 'neutral'}>{label(statusLabels, getValue())}</Badge>,
  }),
  helper.accessor((s) => s.merchantName ?? s.merchantId ?? '', {
    id: 'merchant',
    header: 'Merchant',
    enableSorting: false,
    meta: { label: 'Merchant' },
    cell: ({ getValue }) => <span className={styles.merchant}>{getValue() || dash}</span>,
  }),
  helper.accessor('acquirer', {
    id: 'acquirer',
    header: 'Acquirer',
    sortDescFirst: false,
    meta: { label: 'Acquirer' },
    cell: ({ getValue }) => label(acquirerLabels, getValue()),
  }),
  helper.accessor('paymentMethod', {
    id: 'payment_method',
    header: 'Method',
    sortDescFirst: false,
    meta: { label: 'Method' },
    cell: ({ getValue }) => label(paymentMethodLabels, getValue()),
  }),
  helper.accessor((s) => s.card?.brand ?? '', {
    id: 'card_brand',
    header: 'Brand',
    sortDescFirst: false,
    meta: { label: 'Brand' },
    cell: ({ getValue }) => label(cardBrandLabels, getValue()),
  }),
  helper.accessor((s) => s.card?.firstDigits ?? '', {
    id: 'card_first_digits',
    header: 'BIN',
    sortDescFirst: false,
    meta: { label: 'BIN', mono: true },
    cell: ({ getValue }) => getValue() || dash,
  }),
  helper.accessor((s) => s.card?.lastDigits ?? '', {
    id: 'card_last_digits',
    header: 'Last 4',
    sortDescFirst: false,
    meta: { label: 'Last 4', mono: true },
    cell: ({ getValue }) => (getValue() ? `•••• ${getValue()}` : dash),
  }),
  helper.accessor('installments', {
    id: 'installments',
    header: 'Inst.',
    enableSorting: false,
    meta: { label: 'Installments', align: 'end' },
    cell: ({ getValue }) => <span className="tabular">{getValue() > 1 ? `${getValue()}×` : '1×'}</span>,
  }),
  helper.accessor((s) => s.id ?? '', {
    id: 'id',
    header: 'ID',
    enableSorting: false,
    meta: { label: 'ID', mono: true, card: 'hidden' },
    cell: ({ getValue }) =>
      getValue() ? (
        <span className={styles.idCell}>
          <span className={styles.idText} title={getValue()}>
            {getValue()}
          </span>
          <CopyButton text={getValue()} label={`transaction id ${getValue()}`} className={styles.idCopy} />
        </span>
      ) : (
        dash
      ),
  }),
]);

/** What the card-layout sort menu offers, in column order. */
export const summarySortOptions = [
  { id: 'created_at', label: 'Created' },
  { id: 'amount', label: 'Amount' },
  { id: 'status', label: 'Status' },
  { id: 'acquirer', label: 'Acquirer' },
  { id: 'payment_method', label: 'Method' },
  { id: 'card_brand', label: 'Brand' },
  { id: 'card_first_digits', label: 'BIN' },
  { id: 'card_last_digits', label: 'Last 4' },
] as const;
