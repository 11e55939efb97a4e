import { failureDetail } from '../../contract/failure-details.ts';
import type { FailureReason } from '../../contract/notifications.ts';
import type { EventRow } from '../events/events-query.ts';
import { newCycle, newSummary, type Sale, type SaleBook, type SaleCycleRow } from './sale-book.ts';

export interface ProcessingPolicy {
  /** attempts after which an out-of-order step stops waiting and fails (authorization_missing) */
  maxAttempts: number;
  /** first retry delay; doubles each attempt up to maxDelayMs */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultPolicy: ProcessingPolicy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 60_000 };

export type Outcome =
  | { status: 'processed'; summaryId: string; appended: boolean }
  | { status: 'failed'; reason: FailureReason; detail: string }
  | { status: 'retry'; reason: FailureReason; detail: string; delayMs: number };

/** The connection (credential) a notification's acquirer + MID/TID names, with its merchant's tax id. */
export interface MatchedConnection {
  id: string;
  merchantId: string;
  enabled: boolean;
  status: string;
  taxId: string;
}

const authorizations = new Set(['authorization', 'pre_authorization']);
const fail = (reason: FailureReason, detail: string): Outcome => ({ status: 'failed', reason, detail });
const money = (minor: bigint) => `${minor / 100n},${(minor % 100n).toString().padStart(2, '0')}`;

export function retryDelayMs(attempt: number, policy: ProcessingPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Summary status after an approved step (denied steps change nothing but a denied authorization). A refund leaves
 * the sale refunded once its refunds reach what was captured, partially refunded before (`sums`: after the step).
 */
export function statusAfter(type: string, status: string, current: string | null, sums: { capturedMinor: bigint; refundedMinor: bigint }): string {
  if (authorizations.has(type)) return status === 'denied' ? 'denied' : 'pending';
  if (status !== 'approved') return current ?? 'pending';
  if (type === 'capture') return 'approved';
  if (type === 'refund') return sums.refundedMinor >= sums.capturedMinor ? 'refunded' : 'partially_refunded';
  return 'canceled';
}

const sum = (list: SaleCycleRow[], type: string) => list.filter((c) => c.type === type && c.status === 'approved').reduce((a, c) => a + c.amountMinor, 0n);

/** Why this step contradicts the sale, or null when it may be appended. */
function contradiction(row: EventRow, sale: Sale): Outcome | null {
  const { summary, cycles: list } = sale;
  if (row.currency !== summary.currency) {
    return fail('currency_mismatch', failureDetail('currencyMismatch', { currency: row.currency, transaction: row.id, expected: summary.currency }));
  }
  const auth = list.find((c) => authorizations.has(c.type) && c.status !== 'pending') ?? list.find((c) => authorizations.has(c.type));
  if (authorizations.has(row.transactionType)) {
    if (auth && auth.amountMinor !== row.amount) {
      return fail('amount_mismatch', failureDetail('amountNotAuthorized', { step: row.transactionType, amount: money(row.amount), transaction: row.id, authorized: money(auth.amountMinor) }));
    }
    return null;
  }
  if (!auth) return null;
  if (auth.status === 'denied' && row.transactionStatus === 'approved') {
    return fail('authorization_denied', failureDetail('authorizationDenied', { transaction: row.id, step: row.transactionType }));
  }
  if (row.transactionStatus !== 'approved') return null;
  const limit = row.transactionType === 'refund' ? sum(list, 'capture') - sum(list, 'refund') : row.transactionType === 'capture' ? auth.amountMinor - sum(list, 'capture') : auth.amountMinor;
  if (row.amount > limit) {
    return fail('amount_mismatch', failureDetail('amountExceeds', { step: row.transactionType, amount: money(row.amount), limit: money(limit), transaction: row.id }));
  }
  return null;
}

/** The step is already on the summary (a resent notification under another eventId, or a historical one). */
function alreadyApplied(row: EventRow, list: SaleCycleRow[]): boolean {
  return list.some(
    (c) =>
      c.type === row.transactionType &&
      c.status === row.transactionStatus &&
      c.amountMinor === row.amount &&
      (c.retrievalReferenceNumber === null || row.retrievalReferenceNumber === null || c.retrievalReferenceNumber === row.retrievalReferenceNumber),
  );
}

function applyStep(row: EventRow, merchantId: string, book: SaleBook, attempt: number, policy: ProcessingPolicy): Outcome {
  const sale = book.find(row.organizationId, row.id);
  if (!sale) {
    if (authorizations.has(row.transactionType)) {
      const summary = newSummary(row, merchantId, statusAfter(row.transactionType, row.transactionStatus, null, { capturedMinor: 0n, refundedMinor: 0n }));
      book.create(summary, newCycle(row, summary.id, 1));
      return { status: 'processed', summaryId: summary.id, appended: true };
    }
    if (attempt >= policy.maxAttempts) {
      return fail('authorization_missing', failureDetail('authorizationMissing', { transaction: row.id, attempts: attempt, step: row.transactionType }));
    }
    return {
      status: 'retry',
      reason: 'awaiting_authorization',
      detail: failureDetail('awaitingAuthorization', { step: row.transactionType, transaction: row.id, attempt, maxAttempts: policy.maxAttempts }),
      delayMs: retryDelayMs(attempt, policy),
    };
  }
  const { summary } = sale;
  if (summary.merchantId !== merchantId) {
    return fail('merchant_mismatch', failureDetail('otherMerchant', { transaction: row.id, merchant: summary.merchantId, mid: row.acquirerMerchantIdentifier, tid: row.acquirerTerminalIdentifier, connected: merchantId }));
  }
  if (alreadyApplied(row, sale.cycles)) return { status: 'processed', summaryId: summary.id, appended: false };
  const refused = contradiction(row, sale);
  if (refused) return refused;
  const seq = sale.cycles.reduce((max, c) => Math.max(max, c.seq), 0) + 1;
  book.append(sale, newCycle(row, summary.id, seq), (after) => statusAfter(row.transactionType, row.transactionStatus, summary.status, after));
  return { status: 'processed', summaryId: summary.id, appended: true };
}

/**
 * Applies one claimed pending event to the batch's book of sales: match the connection by MID/TID, then
 * create the sale (an authorization) or append the cycle and move its status. Pure: the batch writes the
 * book and the events' outcomes afterwards, all in its one transaction (see batch-store.ts).
 */
export function processEvent(row: EventRow, connection: MatchedConnection | null, book: SaleBook, policy: ProcessingPolicy): Outcome {
  const attempt = row.attempts + 1;
  if (!connection) {
    return fail('unknown_terminal', failureDetail('unknownTerminal', { mid: row.acquirerMerchantIdentifier, tid: row.acquirerTerminalIdentifier, acquirer: row.acquirerName }));
  }
  if (!connection.enabled || connection.status !== 'connected') {
    return fail('connection_disabled', failureDetail('connectionDisabled', { connection: connection.id, mid: row.acquirerMerchantIdentifier, tid: row.acquirerTerminalIdentifier }));
  }
  if (connection.taxId !== row.merchantTaxId) {
    return fail('merchant_mismatch', failureDetail('taxIdMismatch', { taxId: row.merchantTaxId, mid: row.acquirerMerchantIdentifier }));
  }
  return applyStep(row, connection.merchantId, book, attempt, policy);
}
