import { useMemo } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import type { Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { Link } from 'react-router';
import type { ListFeatures } from '../../components/data-table/features.ts';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { DeclineReason } from '../../components/decline-reason.tsx';
import { decidingResponseCode } from '../../../contract/deciding-code.ts';
import { RefundLine } from './refund-amounts.tsx';
import styles from './transactions.module.css';

const helper = createColumnHelper<ListFeatures, Summary>();

export const summaryIdPrefix = 'txn';

export function summaryRowId(s: Summary): string {
  return s.id ?? s.gatewayTransactionId;
}

/** Column ids are the API's order_by names; texts in the active language (rebuild when it changes). */
export const summaryColumns = (t: Translate) =>
  helper.columns([
  helper.accessor((s) => s.createdAt ?? '', {
    id: 'created_at',
    header: t('transactions.col.created'),
    sortDescFirst: true,
    meta: { label: t('transactions.col.created'), card: 'sub' },
    cell: ({ row }) => (
      <Link to={transactionPath(summaryRowId(row.original))} className={styles.rowLink} aria-label={t('transactions.col.open', { id: summaryRowId(row.original) })}>
        {row.original.createdAt ? <TimeText iso={row.original.createdAt} /> : dash}
      </Link>
    ),
  }),
  helper.accessor('amount', {
    id: 'amount',
    header: t('transactions.col.amount'),
    sortDescFirst: true,
    meta: { label: t('transactions.col.amount'), align: 'end', card: 'primary' },
    cell: ({ row }) => (
      <span className={styles.amountCell}>
        <MoneyText amount={row.original.amount} currency={row.original.currency} className={styles.amount} />
        <RefundLine summary={row.original} className={styles.refundLine} />
      </span>
    ),
  }),
  helper.accessor('status', {
    id: 'status',
    header: t('transactions.col.status'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.status'), card: 'aside' },
    cell: ({ getValue }) => <Badge tone={statusTones[getValue()] ?? 'neutral'}>{domainLabel(t, 'status', getValue())}</Badge>,
  }),
  helper.accessor((s) => s.merchantName ?? s.merchantId ?? '', {
    id: 'merchant',
    header: t('transactions.col.merchant'),
    enableSorting: false,
    meta: { label: t('transactions.col.merchant') },
    cell: ({ getValue }) => (
      <span className={styles.merchant} title={getValue() || undefined}>
        {getValue() || dash}
      </span>
    ),
  }),
  helper.accessor('acquirer', {
    id: 'acquirer',
    header: t('transactions.col.acquirer'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.acquirer') },
    cell: ({ getValue }) => domainLabel(t, 'acquirer', getValue()),
  }),
  helper.accessor('paymentMethod', {
    id: 'payment_method',
    header: t('transactions.col.method'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.method') },
    cell: ({ getValue }) => domainLabel(t, 'paymentMethod', getValue()),
  }),
  helper.accessor((s) => s.card?.brand ?? '', {
    id: 'card_brand',
    header: t('transactions.col.brand'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.brand') },
    cell: ({ getValue }) => domainLabel(t, 'cardBrand', getValue()),
  }),
  helper.accessor((s) => s.card?.firstDigits ?? '', {
    id: 'card_first_digits',
    header: t('transactions.col.bin'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.bin'), mono: true },
    cell: ({ getValue }) => getValue() || dash,
  }),
  helper.accessor((s) => s.card?.lastDigits ?? '', {
    id: 'card_last_digits',
    header: t('transactions.col.last4'),
    sortDescFirst: false,
    meta: { label: t('transactions.col.last4'), mono: true },
    cell: ({ getValue }) => (getValue() ? `•••• ${getValue()}` : dash),
  }),
  helper.accessor('installments', {
    id: 'installments',
    header: t('transactions.col.installmentsShort'),
    enableSorting: false,
    meta: { label: t('transactions.col.installments'), align: 'end' },
    cell: ({ getValue }) => <span className="tabular">{t('transactions.col.times', { count: getValue() })}</span>,
  }),
  helper.accessor((s) => decidingResponseCode(s.cycles) ?? '', {
    id: 'response_code',
    header: t('transactions.col.responseCode'),
    enableSorting: false,
    meta: { label: t('transactions.col.responseCode'), mono: true, optional: true },
    cell: ({ getValue }) => getValue() || dash,
  }),
  helper.accessor((s) => decidingResponseCode(s.cycles) ?? '', {
    id: 'decline_reason',
    header: t('transactions.col.declineReason'),
    enableSorting: false,
    meta: { label: t('transactions.col.declineReason'), optional: true },
    cell: ({ row, getValue }) => <DeclineReason status={row.original.status} code={getValue() || null} />,
  }),
  helper.accessor((s) => s.id ?? '', {
    id: 'id',
    header: t('transactions.col.id'),
    enableSorting: false,
    meta: { label: t('transactions.col.id'), mono: true, card: 'hidden' },
    cell: ({ getValue }) =>
      getValue() ? (
        <span className={styles.idCell}>
          <span className={styles.idText} title={getValue()}>
            {getValue()}
          </span>
          <CopyButton text={getValue()} label={t('transactions.page.copyId', { id: getValue() })} className={styles.idCopy} />
        </span>
      ) : (
        dash
      ),
  }),
]);

/** What the card-layout sort menu offers, in column order. */
const sortFields = ['created_at', 'amount', 'status', 'acquirer', 'payment_method', 'card_brand', 'card_first_digits', 'card_last_digits'] as const;
const sortKeys: Record<(typeof sortFields)[number], string> = {
  created_at: 'created',
  amount: 'amount',
  status: 'status',
  acquirer: 'acquirer',
  payment_method: 'method',
  card_brand: 'brand',
  card_first_digits: 'bin',
  card_last_digits: 'last4',
};

export function useSummarySortOptions() {
  const t = useT();
  return useMemo(() => sortFields.map((id) => ({ id, label: t(`transactions.col.${sortKeys[id]}`) })), [t]);
}
