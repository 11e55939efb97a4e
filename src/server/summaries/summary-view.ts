import { shownFirstDigits } from '../../contract/cards.ts';
import type { Cycle, Summary } from '../../contract/summaries.ts';
import { minorToDecimal } from '../../contract/money.ts';
import { isoFromPg, type CycleRecord, type SummaryRecord } from './summary-record.ts';

function cycleView(row: CycleRecord, holder: boolean): Cycle {
  const hasDevice = row.device_fingerprint_id !== null || row.device_ip_address !== null || row.device_latitude !== null;
  return {
    id: row.id,
    createdAt: isoFromPg(row.created_at),
    type: row.type as Cycle['type'],
    status: row.status as Cycle['status'],
    amount: minorToDecimal(row.amount_minor),
    authorizationCode: row.authorization_code,
    responseCode: row.response_code,
    responseMessage: row.response_message,
    retrievalReferenceNumber: row.retrieval_reference_number,
    systemTraceAuditNumber: row.system_trace_audit_number,
    gatewayTransactionId: row.gateway_transaction_id,
    transactionSummaryId: row.summary_id,
    device: hasDevice
      ? {
          fingerprintId: row.device_fingerprint_id,
          ipAddress: holder ? row.device_ip_address : null,
          geolocation: holder && row.device_latitude !== null && row.device_longitude !== null ? [row.device_latitude, row.device_longitude] : null,
        }
      : null,
  };
}

function cardOf(row: SummaryRecord, holder: boolean): Summary['card'] {
  const { card_brand: cardBrand, card_first_digits: cardFirstDigits, card_last_digits: cardLastDigits } = row;
  const { card_expiration_month: cardExpirationMonth, card_expiration_year: cardExpirationYear } = row;
  if (cardBrand === null || cardFirstDigits === null || cardLastDigits === null || cardExpirationMonth === null || cardExpirationYear === null) {
    return null;
  }
  return {
    brand: cardBrand as NonNullable<Summary['card']>['brand'],
    expirationMonth: cardExpirationMonth,
    expirationYear: cardExpirationYear,
    firstDigits: shownFirstDigits(cardBrand, cardFirstDigits),
    holderName: holder ? (row.card_holder_name ?? '') : '',
    lastDigits: cardLastDigits,
  };
}

/**
 * Summaries as the API returns them, each with its cycles (given for all rows at once). `holder`: the caller has
 * transactions:holder; without it the holder name is '' and the devices' IP address and location null.
 */
export function summaryViews(rows: SummaryRecord[], cycleRows: CycleRecord[], holder: boolean): Summary[] {
  const bySummary = new Map<string, Cycle[]>();
  for (const row of cycleRows) {
    const list = bySummary.get(row.summary_id) ?? [];
    list.push(cycleView(row, holder));
    bySummary.set(row.summary_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    createdAt: isoFromPg(row.created_at),
    acquirer: row.acquirer as Summary['acquirer'],
    amount: minorToDecimal(row.amount_minor),
    capturedAmount: minorToDecimal(row.captured_minor),
    refundedAmount: minorToDecimal(row.refunded_minor),
    card: cardOf(row, holder),
    currency: row.currency,
    cycles: bySummary.get(row.id) ?? [],
    gatewayTransactionId: row.gateway_transaction_id,
    installments: row.installments,
    paymentMethod: row.payment_method as Summary['paymentMethod'],
    status: row.status as Summary['status'],
    merchantId: row.merchant_id,
    merchantName: row.name ?? row.merchant_id,
    acquirerMerchantId: row.acquirer_merchant_id,
    acquirerTerminalId: row.acquirer_terminal_id,
  }));
}
