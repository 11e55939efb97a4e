import type { EventCardData, TerminalData } from '../../contract/events.ts';

/** Rows exactly as they are loaded (column names in comments are the SQL ones). */
export interface SummaryRow {
  id: string;
  merchantId: string;
  createdAtMs: number;
  acquirer: string;
  paymentMethod: string;
  status: string;
  amountMinor: number;
  currency: string;
  installments: number;
  gatewayTransactionId: string;
  cardBrand: string | null;
  cardFirstDigits: string | null;
  cardLastDigits: string | null;
  cardHolderName: string | null;
  cardExpirationMonth: number | null;
  cardExpirationYear: number | null;
  /** the acquirer's MID and TID the sale went through */
  acquirerMerchantId: string | null;
  acquirerTerminalId: string | null;
  /** sums of the approved capture and refund cycles */
  capturedMinor: number;
  refundedMinor: number;
}

export interface CycleRow {
  id: string;
  summaryId: string;
  seq: number;
  createdAtMs: number;
  type: string;
  status: string;
  amountMinor: number;
  authorizationCode: string | null;
  responseCode: string | null;
  responseMessage: string | null;
  retrievalReferenceNumber: string | null;
  systemTraceAuditNumber: string | null;
  gatewayTransactionId: string;
  deviceFingerprintId: string | null;
  deviceIpAddress: string | null;
  deviceLatitude: number | null;
  deviceLongitude: number | null;
}

export interface EventRow {
  eventId: string;
  id: string;
  merchantId: string;
  createdAtNs: bigint;
  createdAtText: string;
  updatedAtText: string;
  terminalId: string;
  eventStatus: string;
  eventType: string;
  acquirerName: string;
  transactionType: string;
  transactionStatus: string;
  terminalSerialNumber: string;
  merchantTaxId: string;
  acquirerMerchantIdentifier: string;
  acquirerTerminalIdentifier: string;
  currency: string;
  amount: number;
  paymentMethod: string;
  installments: number | null;
  installmentInterest: boolean | null;
  authorizationCode: string | null;
  productAid: string | null;
  retrievalReferenceNumber: string | null;
  acquirerResponseCode: string | null;
  cardData: EventCardData | null;
  terminalData: TerminalData;
  metadata: Record<string, string | number | boolean | null>;
  /** processing fields of a historical event (see historicalProcessing in events.ts) */
  failureReason: string | null;
  failureDetail: string | null;
  attempts: number;
  processedAt: string | null;
  summaryId: string | null;
  /** the notification as it arrived (notification-body.ts) */
  rawBody: string;
}

export interface GeneratedSale {
  summary: SummaryRow;
  cycles: CycleRow[];
  events: EventRow[];
}

export interface GeneratedChunk {
  summaries: SummaryRow[];
  cycles: CycleRow[];
  events: EventRow[];
}
