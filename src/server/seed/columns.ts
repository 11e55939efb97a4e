import type { CycleRow, EventRow, SummaryRow } from './rows.ts';

/** One loaded column: its SQL name and type, and how to read it from a generated row. */
export interface Column<R> {
  name: string;
  type: 'text' | 'bigint' | 'integer' | 'smallint' | 'double precision' | 'boolean' | 'timestamptz' | 'jsonb';
  get: (row: R, organizationId: string) => string | number | boolean | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export const summaryColumns: Column<SummaryRow>[] = [
  { name: 'id', type: 'text', get: (r) => r.id },
  { name: 'organization_id', type: 'text', get: (_r, org) => org },
  { name: 'merchant_id', type: 'text', get: (r) => r.merchantId },
  { name: 'created_at', type: 'timestamptz', get: (r) => iso(r.createdAtMs) },
  { name: 'acquirer', type: 'text', get: (r) => r.acquirer },
  { name: 'payment_method', type: 'text', get: (r) => r.paymentMethod },
  { name: 'status', type: 'text', get: (r) => r.status },
  { name: 'amount_minor', type: 'bigint', get: (r) => r.amountMinor },
  { name: 'currency', type: 'text', get: (r) => r.currency },
  { name: 'installments', type: 'integer', get: (r) => r.installments },
  { name: 'gateway_transaction_id', type: 'text', get: (r) => r.gatewayTransactionId },
  { name: 'card_brand', type: 'text', get: (r) => r.cardBrand },
  { name: 'card_first_digits', type: 'text', get: (r) => r.cardFirstDigits },
  { name: 'card_last_digits', type: 'text', get: (r) => r.cardLastDigits },
  { name: 'card_holder_name', type: 'text', get: (r) => r.cardHolderName },
  { name: 'card_expiration_month', type: 'smallint', get: (r) => r.cardExpirationMonth },
  { name: 'card_expiration_year', type: 'smallint', get: (r) => r.cardExpirationYear },
  { name: 'acquirer_merchant_id', type: 'text', get: (r) => r.acquirerMerchantId },
  { name: 'acquirer_terminal_id', type: 'text', get: (r) => r.acquirerTerminalId },
  { name: 'captured_minor', type: 'bigint', get: (r) => r.capturedMinor },
  { name: 'refunded_minor', type: 'bigint', get: (r) => r.refundedMinor },
];

/** The summary columns the stats rollups group by (db/rollups.ts): what a bulk load stages for them. */
export const rollupColumns = summaryColumns.filter((c) =>
  ['organization_id', 'merchant_id', 'created_at', 'status', 'acquirer', 'payment_method', 'card_brand', 'amount_minor', 'captured_minor', 'refunded_minor'].includes(c.name),
);

export const cycleColumns: Column<CycleRow>[] = [
  { name: 'id', type: 'text', get: (r) => r.id },
  { name: 'summary_id', type: 'text', get: (r) => r.summaryId },
  { name: 'seq', type: 'smallint', get: (r) => r.seq },
  { name: 'created_at', type: 'timestamptz', get: (r) => iso(r.createdAtMs) },
  { name: 'type', type: 'text', get: (r) => r.type },
  { name: 'status', type: 'text', get: (r) => r.status },
  { name: 'amount_minor', type: 'bigint', get: (r) => r.amountMinor },
  { name: 'authorization_code', type: 'text', get: (r) => r.authorizationCode },
  { name: 'response_code', type: 'text', get: (r) => r.responseCode },
  { name: 'response_message', type: 'text', get: (r) => r.responseMessage },
  { name: 'retrieval_reference_number', type: 'text', get: (r) => r.retrievalReferenceNumber },
  { name: 'system_trace_audit_number', type: 'text', get: (r) => r.systemTraceAuditNumber },
  { name: 'gateway_transaction_id', type: 'text', get: (r) => r.gatewayTransactionId },
  { name: 'device_fingerprint_id', type: 'text', get: (r) => r.deviceFingerprintId },
  { name: 'device_ip_address', type: 'text', get: (r) => r.deviceIpAddress },
  { name: 'device_latitude', type: 'double precision', get: (r) => r.deviceLatitude },
  { name: 'device_longitude', type: 'double precision', get: (r) => r.deviceLongitude },
];

export const eventColumns: Column<EventRow>[] = [
  { name: 'event_id', type: 'text', get: (r) => r.eventId },
  { name: 'id', type: 'text', get: (r) => r.id },
  { name: 'organization_id', type: 'text', get: (_r, org) => org },
  { name: 'merchant_id', type: 'text', get: (r) => r.merchantId },
  { name: 'created_at_ns', type: 'bigint', get: (r) => r.createdAtNs.toString() },
  { name: 'created_at_text', type: 'text', get: (r) => r.createdAtText },
  { name: 'updated_at_text', type: 'text', get: (r) => r.updatedAtText },
  { name: 'terminal_id', type: 'text', get: (r) => r.terminalId },
  { name: 'event_status', type: 'text', get: (r) => r.eventStatus },
  { name: 'event_type', type: 'text', get: (r) => r.eventType },
  { name: 'acquirer_name', type: 'text', get: (r) => r.acquirerName },
  { name: 'transaction_type', type: 'text', get: (r) => r.transactionType },
  { name: 'transaction_status', type: 'text', get: (r) => r.transactionStatus },
  { name: 'terminal_serial_number', type: 'text', get: (r) => r.terminalSerialNumber },
  { name: 'merchant_tax_id', type: 'text', get: (r) => r.merchantTaxId },
  { name: 'acquirer_merchant_identifier', type: 'text', get: (r) => r.acquirerMerchantIdentifier },
  { name: 'acquirer_terminal_identifier', type: 'text', get: (r) => r.acquirerTerminalIdentifier },
  { name: 'currency', type: 'text', get: (r) => r.currency },
  { name: 'amount', type: 'bigint', get: (r) => r.amount },
  { name: 'payment_method', type: 'text', get: (r) => r.paymentMethod },
  { name: 'installments', type: 'integer', get: (r) => r.installments },
  { name: 'installment_interest', type: 'boolean', get: (r) => r.installmentInterest },
  { name: 'authorization_code', type: 'text', get: (r) => r.authorizationCode },
  { name: 'product_aid', type: 'text', get: (r) => r.productAid },
  { name: 'retrieval_reference_number', type: 'text', get: (r) => r.retrievalReferenceNumber },
  { name: 'acquirer_response_code', type: 'text', get: (r) => r.acquirerResponseCode },
  { name: 'card_data', type: 'jsonb', get: (r) => (r.cardData === null ? null : JSON.stringify(r.cardData)) },
  { name: 'terminal_data', type: 'jsonb', get: (r) => JSON.stringify(r.terminalData) },
  { name: 'metadata', type: 'jsonb', get: (r) => JSON.stringify(r.metadata) },
  { name: 'failure_reason', type: 'text', get: (r) => r.failureReason },
  { name: 'failure_detail', type: 'text', get: (r) => r.failureDetail },
  { name: 'attempts', type: 'integer', get: (r) => r.attempts },
  { name: 'processed_at', type: 'timestamptz', get: (r) => r.processedAt },
  { name: 'summary_id', type: 'text', get: (r) => r.summaryId },
  { name: 'raw_body', type: 'text', get: (r) => r.rawBody },
];
