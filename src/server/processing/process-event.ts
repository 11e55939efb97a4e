import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { FailureReason } from '../../contract/notifications.ts';
import { identityKey } from '../credentials/authentication-data.ts';
import type { Db } from '../db/client.ts';
import { credentials, cycles, events, merchants, providers, transactionSummaries } from '../db/schema.ts';
import { xid } from '../lib/xid.ts';
import { providerCatalog } from '../providers-catalog.ts';
import type { EventRow } from '../queries/events-query.ts';
import { abecsDeclines, approvalMessages } from '../seed/abecs.ts';

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

type SummaryRecord = typeof transactionSummaries.$inferSelect;
type CycleRecord = typeof cycles.$inferSelect;

const changed = sql`nextval('events_change_seq')`;
const emvFields = providerCatalog[0]?.authenticationFields ?? [];
const authorizations = new Set(['authorization', 'pre_authorization']);
const fail = (reason: FailureReason, detail: string): Outcome => ({ status: 'failed', reason, detail });
const money = (minor: bigint) => `${minor / 100n},${(minor % 100n).toString().padStart(2, '0')}`;

export function retryDelayMs(attempt: number, policy: ProcessingPolicy): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

function responseMessage(row: EventRow): string | null {
  if (row.transactionStatus === 'approved') return approvalMessages[row.transactionType as keyof typeof approvalMessages] ?? null;
  if (row.acquirerResponseCode === null) return null;
  return abecsDeclines.find((d) => d.code === row.acquirerResponseCode)?.message ?? null;
}

async function matchConnection(tx: Db, row: EventRow) {
  const key = identityKey({ merchantIdentifier: row.acquirerMerchantIdentifier, terminalIdentifier: row.acquirerTerminalIdentifier }, emvFields);
  const [found] = await tx
    .select({ id: credentials.id, merchantId: credentials.merchantId, enabled: credentials.enabled, status: credentials.status, taxId: merchants.taxId })
    .from(credentials)
    .innerJoin(providers, eq(providers.id, credentials.providerId))
    .innerJoin(merchants, eq(merchants.id, credentials.merchantId))
    .where(and(eq(credentials.organizationId, row.organizationId), eq(providers.name, row.acquirerName), eq(credentials.identityKey, key)))
    .orderBy(desc(credentials.enabled), asc(credentials.createdAt))
    .limit(1);
  return found ?? null;
}

/** Summary status after an approved step (denied steps change nothing but a denied authorization). */
function statusAfter(type: string, status: string, current: string | null): string {
  if (authorizations.has(type)) return status === 'denied' ? 'denied' : 'pending';
  if (status !== 'approved') return current ?? 'pending';
  if (type === 'capture') return 'approved';
  if (type === 'refund') return 'refunded';
  return 'canceled';
}

const sum = (list: CycleRecord[], type: string) => list.filter((c) => c.type === type && c.status === 'approved').reduce((a, c) => a + c.amountMinor, 0n);

/** Why this step contradicts the summary, or null when it may be appended. */
function contradiction(row: EventRow, summary: SummaryRecord, list: CycleRecord[]): Outcome | null {
  if (row.currency !== summary.currency) {
    return fail('currency_mismatch', `The notification is in ${row.currency} but transaction ${row.id} is in ${summary.currency}.`);
  }
  const auth = list.find((c) => authorizations.has(c.type) && c.status !== 'pending') ?? list.find((c) => authorizations.has(c.type));
  if (authorizations.has(row.transactionType)) {
    if (auth && auth.amountMinor !== row.amount) {
      return fail('amount_mismatch', `The ${row.transactionType} is for ${money(row.amount)} but transaction ${row.id} was authorized for ${money(auth.amountMinor)}.`);
    }
    return null;
  }
  if (!auth) return null;
  if (auth.status === 'denied' && row.transactionStatus === 'approved') {
    return fail('authorization_denied', `Transaction ${row.id} was denied at authorization; an approved ${row.transactionType} cannot follow it.`);
  }
  if (row.transactionStatus !== 'approved') return null;
  const limit = row.transactionType === 'refund' ? sum(list, 'capture') - sum(list, 'refund') : row.transactionType === 'capture' ? auth.amountMinor - sum(list, 'capture') : auth.amountMinor;
  if (row.amount > limit) {
    return fail('amount_mismatch', `The ${row.transactionType} of ${money(row.amount)} exceeds the ${money(limit)} transaction ${row.id} still allows.`);
  }
  return null;
}

/** The step is already on the summary (a resent notification under another eventId, or a historical one). */
function alreadyApplied(row: EventRow, list: CycleRecord[]): boolean {
  return list.some(
    (c) =>
      c.type === row.transactionType &&
      c.status === row.transactionStatus &&
      c.amountMinor === row.amount &&
      (c.retrievalReferenceNumber === null || row.retrievalReferenceNumber === null || c.retrievalReferenceNumber === row.retrievalReferenceNumber),
  );
}

function newSummary(row: EventRow, merchantId: string): typeof transactionSummaries.$inferInsert {
  const createdAt = new Date(Number(row.createdAtNs / 1_000_000n));
  const card: (NonNullable<EventRow['cardData']> & { expirationMonth?: number | null; expirationYear?: number | null }) | null = row.cardData;
  return {
    // the id's time is created_at's (as the seed's): on monthly partitions the id's month is the summary's month
    id: xid(createdAt),
    organizationId: row.organizationId,
    merchantId,
    createdAt,
    acquirer: row.acquirerName,
    paymentMethod: row.paymentMethod,
    status: statusAfter(row.transactionType, row.transactionStatus, null),
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
  };
}

function newCycle(row: EventRow, summaryId: string, seq: number): typeof cycles.$inferInsert {
  return {
    id: xid(),
    summaryId,
    seq,
    createdAt: new Date(Number(row.createdAtNs / 1_000_000n)),
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

/**
 * Applies one claimed pending event inside the caller's transaction: match the connection by MID/TID,
 * create or update the summary and append the cycle, then record the outcome on the event. Everything or
 * nothing: the caller's transaction (or savepoint) commits it as one.
 */
export async function processEvent(tx: Db, row: EventRow, policy: ProcessingPolicy, now = new Date()): Promise<Outcome> {
  const connection = await matchConnection(tx, row);
  const attempt = row.attempts + 1;
  let outcome: Outcome;
  let summaryId: string | null = null;
  if (!connection) {
    outcome = fail('unknown_terminal', `No connection of this organization has MID ${row.acquirerMerchantIdentifier} and TID ${row.acquirerTerminalIdentifier} at ${row.acquirerName}; connect the terminal, then retry.`);
  } else if (!connection.enabled || connection.status !== 'connected') {
    outcome = fail('connection_disabled', `The connection ${connection.id} for MID ${row.acquirerMerchantIdentifier} / TID ${row.acquirerTerminalIdentifier} is disabled or disconnected; enable it, then retry.`);
  } else if (connection.taxId !== row.merchantTaxId) {
    outcome = fail('merchant_mismatch', `The notification names merchant tax id ${row.merchantTaxId}, but MID ${row.acquirerMerchantIdentifier} belongs to a merchant with another tax id.`);
  } else {
    outcome = await applyStep(tx, row, connection.merchantId, attempt, policy);
    if (outcome.status === 'processed') summaryId = outcome.summaryId;
  }
  const base = { attempts: attempt, updatedAtText: now.toISOString(), changeSeq: changed, merchantId: connection?.merchantId ?? row.merchantId, connectionId: connection?.id ?? null };
  if (outcome.status === 'processed') {
    await tx
      .update(events)
      .set({ ...base, eventStatus: 'processed', processedAt: now, nextAttemptAt: null, failureReason: null, failureDetail: null, summaryId })
      .where(eq(events.eventId, row.eventId));
  } else if (outcome.status === 'retry') {
    await tx
      .update(events)
      .set({ ...base, nextAttemptAt: new Date(now.getTime() + outcome.delayMs), failureReason: outcome.reason, failureDetail: outcome.detail })
      .where(eq(events.eventId, row.eventId));
  } else {
    await tx
      .update(events)
      .set({ ...base, eventStatus: 'failed', nextAttemptAt: null, failureReason: outcome.reason, failureDetail: outcome.detail })
      .where(eq(events.eventId, row.eventId));
  }
  return outcome;
}

async function applyStep(tx: Db, row: EventRow, merchantId: string, attempt: number, policy: ProcessingPolicy): Promise<Outcome> {
  const [summary] = await tx
    .select()
    .from(transactionSummaries)
    .where(and(eq(transactionSummaries.organizationId, row.organizationId), or(eq(transactionSummaries.gatewayTransactionId, row.id), eq(transactionSummaries.id, row.id))))
    .limit(1)
    .for('update');
  if (!summary) {
    if (authorizations.has(row.transactionType)) {
      const created = newSummary(row, merchantId);
      await tx.insert(transactionSummaries).values(created);
      await tx.insert(cycles).values(newCycle(row, created.id, 1));
      return { status: 'processed', summaryId: created.id, appended: true };
    }
    if (attempt >= policy.maxAttempts) {
      return fail('authorization_missing', `No authorization of transaction ${row.id} arrived after ${attempt} attempts; the ${row.transactionType} cannot be applied.`);
    }
    return {
      status: 'retry',
      reason: 'awaiting_authorization',
      detail: `The ${row.transactionType} arrived before the authorization of transaction ${row.id}; attempt ${attempt} of ${policy.maxAttempts}, retrying.`,
      delayMs: retryDelayMs(attempt, policy),
    };
  }
  if (summary.merchantId !== merchantId) {
    return fail('merchant_mismatch', `Transaction ${row.id} belongs to merchant ${summary.merchantId}, but MID ${row.acquirerMerchantIdentifier} / TID ${row.acquirerTerminalIdentifier} is connected to ${merchantId}.`);
  }
  const list = await tx.select().from(cycles).where(eq(cycles.summaryId, summary.id)).orderBy(asc(cycles.seq));
  if (alreadyApplied(row, list)) return { status: 'processed', summaryId: summary.id, appended: false };
  const refused = contradiction(row, summary, list);
  if (refused) return refused;
  const seq = list.reduce((max, c) => Math.max(max, c.seq), 0) + 1;
  await tx.insert(cycles).values(newCycle(row, summary.id, seq));
  const status = statusAfter(row.transactionType, row.transactionStatus, summary.status);
  if (status !== summary.status) await tx.update(transactionSummaries).set({ status }).where(eq(transactionSummaries.id, summary.id));
  return { status: 'processed', summaryId: summary.id, appended: true };
}
