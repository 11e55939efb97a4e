import type { cycles, transactionSummaries } from '../db/schema.ts';
import { xid } from '../lib/xid.ts';
import type { EventRow } from '../events/events-query.ts';
import { abecsDeclines, approvalMessages } from '../seed/abecs.ts';

/** A sale's transaction_summaries row as Drizzle types it: read for update, or made by newSummary for the batch to insert. */
export type SaleSummaryRow = typeof transactionSummaries.$inferSelect;
/** A sale's cycles row as Drizzle types it: read with its summary, or made by newCycle for the batch to insert. */
export type SaleCycleRow = typeof cycles.$inferSelect;

/** A sale as a batch sees it: its summary (read for update, or created by the batch) and its cycles in seq order. */
export interface Sale {
  summary: SaleSummaryRow;
  cycles: SaleCycleRow[];
  /** the summary's status when read; null when this batch creates the summary */
  readStatus: string | null;
  /** its captured and refunded sums when read (the rollups' -1 delta); null when this batch creates the summary */
  readSums: { capturedMinor: bigint; refundedMinor: bigint } | null;
  /** cycles this batch appends */
  appended: SaleCycleRow[];
}

const key = (organizationId: string, id: string) => `${organizationId}\u0000${id}`;

/**
 * The batch's sales in memory: the events of a batch are applied one after another to this book (an
 * authorization and its capture in one batch see each other), then written with a few set-based statements.
 * A notification names its sale by the gateway transaction id; a seeded event by the summary's own id.
 */
export class SaleBook {
  private readonly byGateway = new Map<string, Sale>();
  private readonly byId = new Map<string, Sale>();
  private readonly all: Sale[] = [];

  constructor(summaries: readonly SaleSummaryRow[] = [], cycleRows: readonly SaleCycleRow[] = []) {
    const bySummary = new Map<string, SaleCycleRow[]>();
    for (const cycle of cycleRows) {
      const list = bySummary.get(cycle.summaryId);
      if (list) list.push(cycle);
      else bySummary.set(cycle.summaryId, [cycle]);
    }
    for (const summary of summaries) {
      const list = (bySummary.get(summary.id) ?? []).sort((a, b) => a.seq - b.seq);
      this.add({ summary, cycles: list, readStatus: summary.status, readSums: { capturedMinor: summary.capturedMinor, refundedMinor: summary.refundedMinor }, appended: [] });
    }
  }

  private add(sale: Sale): Sale {
    const { organizationId, gatewayTransactionId, id } = sale.summary;
    if (!this.byGateway.has(key(organizationId, gatewayTransactionId))) this.byGateway.set(key(organizationId, gatewayTransactionId), sale);
    this.byId.set(key(organizationId, id), sale);
    this.all.push(sale);
    return sale;
  }

  find(organizationId: string, transactionId: string): Sale | undefined {
    return this.byGateway.get(key(organizationId, transactionId)) ?? this.byId.get(key(organizationId, transactionId));
  }

  /** A new summary with its first cycle (an authorization or pre-authorization). */
  create(summary: SaleSummaryRow, first: SaleCycleRow): Sale {
    return this.add({ summary, cycles: [first], readStatus: null, readSums: null, appended: [first] });
  }

  /** Appends the cycle, adds an approved capture or refund to the summary's sums, then sets the status `statusOf` gives. */
  append(sale: Sale, cycle: SaleCycleRow, statusOf: (summary: SaleSummaryRow) => string): void {
    sale.cycles.push(cycle);
    sale.appended.push(cycle);
    if (cycle.status === 'approved' && cycle.type === 'capture') sale.summary.capturedMinor += cycle.amountMinor;
    if (cycle.status === 'approved' && cycle.type === 'refund') sale.summary.refundedMinor += cycle.amountMinor;
    sale.summary.status = statusOf(sale.summary);
  }

  /** The sale's status or sums differ from what was read: the batch writes them and moves the rollups. */
  static changed(sale: Sale): boolean {
    const { readStatus, readSums, summary } = sale;
    return readStatus !== null && (readStatus !== summary.status || readSums?.capturedMinor !== summary.capturedMinor || readSums.refundedMinor !== summary.refundedMinor);
  }

  get sales(): readonly Sale[] {
    return this.all;
  }
}

export function responseMessage(row: EventRow): string | null {
  if (row.transactionStatus === 'approved') return approvalMessages[row.transactionType as keyof typeof approvalMessages] ?? null;
  if (row.acquirerResponseCode === null) return null;
  return abecsDeclines.find((d) => d.code === row.acquirerResponseCode)?.message ?? null;
}

const instantOf = (row: EventRow) => new Date(Number(row.createdAtNs / 1_000_000n));

export function newSummary(row: EventRow, merchantId: string, status: string): SaleSummaryRow {
  const card: (NonNullable<EventRow['cardData']> & { expirationMonth?: number | null; expirationYear?: number | null }) | null = row.cardData;
  const createdAt = instantOf(row);
  return {
    // the id's time is created_at's (as the seed's): on monthly partitions the id's month is the summary's month
    id: xid(createdAt),
    organizationId: row.organizationId,
    merchantId,
    createdAt,
    acquirer: row.acquirerName,
    paymentMethod: row.paymentMethod,
    status,
    amountMinor: row.amount,
    currency: row.currency,
    installments: row.installments ?? 1,
    gatewayTransactionId: row.id,
    cardBrand: card?.cardBrand ?? null,
    cardFirstDigits: card?.bin ?? null,
    cardLastDigits: card?.last4 ?? null,
    cardHolderName: card?.holderName ?? null,
    cardExpirationMonth: card?.expirationMonth ?? null,
    cardExpirationYear: card?.expirationYear ?? null,
    // the MID/TID the notification came through (the connection matched them): the transaction page shows them
    acquirerMerchantId: row.acquirerMerchantIdentifier,
    acquirerTerminalId: row.acquirerTerminalIdentifier,
    capturedMinor: 0n,
    refundedMinor: 0n,
  };
}

export function newCycle(row: EventRow, summaryId: string, seq: number): SaleCycleRow {
  return {
    id: xid(),
    summaryId,
    seq,
    createdAt: instantOf(row),
    type: row.transactionType,
    status: row.transactionStatus,
    amountMinor: row.amount,
    authorizationCode: row.transactionStatus === 'approved' ? row.authorizationCode : null,
    responseCode: row.acquirerResponseCode,
    responseMessage: responseMessage(row),
    retrievalReferenceNumber: row.retrievalReferenceNumber,
    systemTraceAuditNumber: null,
    gatewayTransactionId: row.id,
    deviceFingerprintId: null,
    deviceIpAddress: row.terminalData.ipAddress,
    deviceLatitude: row.terminalData.latitude,
    deviceLongitude: row.terminalData.longitude,
  };
}
