import { shownFirstDigits } from '../../contract/cards.ts';
import type { Cycle, Summary } from '../../contract/summaries.ts';
import { minorToDecimal } from '../../contract/money.ts';
import type { CycleRow, SummaryRow } from './summaries-query.ts';

function cycleView(row: CycleRow): Cycle {
  const hasDevice = row.deviceFingerprintId !== null || row.deviceIpAddress !== null || row.deviceLatitude !== null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type as Cycle['type'],
    status: row.status as Cycle['status'],
    amount: minorToDecimal(row.amountMinor),
    authorizationCode: row.authorizationCode,
    responseCode: row.responseCode,
    responseMessage: row.responseMessage,
    retrievalReferenceNumber: row.retrievalReferenceNumber,
    systemTraceAuditNumber: row.systemTraceAuditNumber,
    gatewayTransactionId: row.gatewayTransactionId,
    transactionSummaryId: row.summaryId,
    device: hasDevice
      ? {
          fingerprintId: row.deviceFingerprintId,
          ipAddress: row.deviceIpAddress,
          geolocation: row.deviceLatitude !== null && row.deviceLongitude !== null ? [row.deviceLatitude, row.deviceLongitude] : null,
        }
      : null,
  };
}

function cardOf(row: SummaryRow): Summary['card'] {
  const { cardBrand, cardFirstDigits, cardLastDigits, cardExpirationMonth, cardExpirationYear } = row;
  if (cardBrand === null || cardFirstDigits === null || cardLastDigits === null || cardExpirationMonth === null || cardExpirationYear === null) {
    return null;
  }
  return {
    brand: cardBrand as NonNullable<Summary['card']>['brand'],
    expirationMonth: cardExpirationMonth,
    expirationYear: cardExpirationYear,
    firstDigits: shownFirstDigits(cardBrand, cardFirstDigits),
    holderName: row.cardHolderName ?? '',
    lastDigits: cardLastDigits,
  };
}

/** Summaries as the API returns them, each with its cycles (given for all rows at once). */
export function summaryViews(rows: SummaryRow[], cycleRows: CycleRow[]): Summary[] {
  const bySummary = new Map<string, Cycle[]>();
  for (const row of cycleRows) {
    const list = bySummary.get(row.summaryId) ?? [];
    list.push(cycleView(row));
    bySummary.set(row.summaryId, list);
  }
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    acquirer: row.acquirer as Summary['acquirer'],
    amount: minorToDecimal(row.amountMinor),
    card: cardOf(row),
    currency: row.currency,
    cycles: bySummary.get(row.id) ?? [],
    gatewayTransactionId: row.gatewayTransactionId,
    installments: row.installments,
    paymentMethod: row.paymentMethod as Summary['paymentMethod'],
    status: row.status as Summary['status'],
    merchantId: row.merchantId,
    merchantName: row.merchantName ?? row.merchantId,
    acquirerMerchantId: row.acquirerMerchantId,
    acquirerTerminalId: row.acquirerTerminalId,
  }));
}
