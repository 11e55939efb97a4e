import { and, asc, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { identityKey } from '../credentials/authentication-data.ts';
import type { Db } from '../db/client.ts';
import { credentials, cycles, merchants, providers, transactionSummaries as s } from '../db/schema.ts';
import { providerCatalog } from '../providers/providers-catalog.ts';
import type { EventRow } from '../events/events-query.ts';
import type { MatchedConnection, Outcome } from './process-event.ts';
import { SaleBook } from './sale-book.ts';
import { scheduleBatch } from '../receivables/live-schedule.ts';

/**
 * The reads and writes of a batch of events, set-based: a handful of statements per batch whatever its size
 * (one per event and per step before, which bound the worker by round trips). Values travel as one jsonb
 * parameter (jsonb_to_recordset), the same on PostgreSQL and PGlite.
 */

const emvFields = providerCatalog[0]?.authenticationFields ?? [];
const distinct = <T>(values: T[]): T[] => [...new Set(values)];
const iso = (date: Date | null) => (date === null ? null : date.toISOString());

export const connectionKey = (organizationId: string, acquirer: string, key: string): string => `${organizationId}\u0000${acquirer}\u0000${key}`;
const identityOf = (row: EventRow) => identityKey({ merchantIdentifier: row.acquirerMerchantIdentifier, terminalIdentifier: row.acquirerTerminalIdentifier }, emvFields);
export const connectionKeyOf = (row: EventRow): string => connectionKey(row.organizationId, row.acquirerName, identityOf(row));

/** The connections the events name by acquirer + MID/TID: per name the enabled one first, then the oldest. */
export async function loadConnections(tx: Db, rows: readonly EventRow[]): Promise<Map<string, MatchedConnection>> {
  const found = await tx
    .select({
      organizationId: credentials.organizationId,
      acquirer: providers.name,
      identityKey: credentials.identityKey,
      id: credentials.id,
      merchantId: credentials.merchantId,
      enabled: credentials.enabled,
      status: credentials.status,
      taxId: merchants.taxId,
    })
    .from(credentials)
    .innerJoin(providers, eq(providers.id, credentials.providerId))
    .innerJoin(merchants, eq(merchants.id, credentials.merchantId))
    .where(
      and(
        inArray(credentials.organizationId, distinct(rows.map((r) => r.organizationId))),
        inArray(providers.name, distinct(rows.map((r) => r.acquirerName))),
        inArray(credentials.identityKey, distinct(rows.map(identityOf))),
      ),
    )
    .orderBy(desc(credentials.enabled), asc(credentials.createdAt), asc(credentials.id));
  const byKey = new Map<string, MatchedConnection>();
  for (const { organizationId, acquirer, identityKey: key, ...connection } of found) {
    const k = connectionKey(organizationId, acquirer, key);
    if (!byKey.has(k)) byKey.set(k, connection);
  }
  return byKey;
}

/** The sales the events name, read FOR UPDATE (in id order, so concurrent readers lock them in one order) with their cycles. */
export async function loadSales(tx: Db, rows: readonly EventRow[]): Promise<SaleBook> {
  if (rows.length === 0) return new SaleBook();
  const ids = distinct(rows.map((r) => r.id));
  const summaries = await tx
    .select()
    .from(s)
    .where(and(inArray(s.organizationId, distinct(rows.map((r) => r.organizationId))), or(inArray(s.gatewayTransactionId, ids), inArray(s.id, ids))))
    .orderBy(asc(s.id))
    .for('update');
  if (summaries.length === 0) return new SaleBook();
  const steps = await tx.select().from(cycles).where(inArray(cycles.summaryId, summaries.map((x) => x.id)));
  return new SaleBook(summaries, steps);
}

/**
 * A multi-row INSERT of whole rows as one jsonb parameter (jsonb_populate_recordset of the table's own row type):
 * Drizzle's multi-row insert built every value of every row anew, the largest part of a worker's CPU.
 */
async function insertRows<T extends typeof s | typeof cycles>(tx: Db, table: T, rows: T['$inferSelect'][]): Promise<void> {
  const columns = Object.entries(getTableColumns(table) as Record<string, { name: string }>);
  const records = rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])));
  const json = JSON.stringify(records, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  await tx.execute(sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`);
}

export interface Applied {
  row: EventRow;
  connection: MatchedConnection | null;
  outcome: Outcome;
}

/** The event's columns after this attempt (its row is locked: what it holds now is what it keeps). */
function eventAfter({ row, connection, outcome }: Applied, now: Date) {
  const base = {
    event_id: row.eventId,
    attempts: row.attempts + 1,
    merchant_id: connection?.merchantId ?? row.merchantId,
    connection_id: connection?.id ?? null,
    updated_at_text: now.toISOString(),
    event_status: row.eventStatus,
    processed_at: iso(row.processedAt),
    summary_id: row.summaryId,
  };
  if (outcome.status === 'processed') {
    return { ...base, event_status: 'processed', processed_at: now.toISOString(), next_attempt_at: null, failure_reason: null, failure_detail: null, summary_id: outcome.summaryId };
  }
  const next = outcome.status === 'retry' ? new Date(now.getTime() + outcome.delayMs).toISOString() : null;
  return { ...base, event_status: outcome.status === 'retry' ? base.event_status : 'failed', next_attempt_at: next, failure_reason: outcome.reason, failure_detail: outcome.detail };
}

/**
 * Writes a batch: new summaries and cycles (multi-row inserts), the status of the summaries it moved, every
 * event's outcome, and last the stats rollups' deltas in one summary_rollup_apply (migration 0009: the rollup
 * triggers stand aside for this transaction), so the rollups' hot rows are locked only from then to the commit.
 */
export async function writeBatch(tx: Db, book: SaleBook, applied: readonly Applied[], now: Date): Promise<void> {
  const created = book.sales.filter((sale) => sale.readStatus === null);
  const moved = book.sales.filter((sale) => SaleBook.changed(sale));
  const appended = book.sales.flatMap((sale) => sale.appended);
  const rollup = created.length > 0 || moved.length > 0;
  if (rollup) await tx.execute(sql`select set_config('acq.summary_rollup', 'caller', true)`);
  if (created.length > 0) await insertRows(tx, s, created.map((sale) => sale.summary));
  if (appended.length > 0) await insertRows(tx, cycles, appended);
  // issue 25: the receivables of approved captures, refunds, voids and reversals, in this same transaction
  await scheduleBatch(tx, book.sales);
  if (moved.length > 0) {
    const statuses = JSON.stringify(
      moved.map(({ summary }) => ({ id: summary.id, status: summary.status, captured: String(summary.capturedMinor), refunded: String(summary.refundedMinor) })),
    );
    await tx.execute(sql`update transaction_summaries t set status = v.status, captured_minor = v.captured, refunded_minor = v.refunded
      from jsonb_to_recordset(${statuses}::jsonb) as v(id text, status text, captured bigint, refunded bigint) where t.id = v.id`);
  }
  if (applied.length > 0) {
    const outcomes = JSON.stringify(applied.map((a) => eventAfter(a, now)));
    await tx.execute(sql`update events e set event_status = v.event_status, attempts = v.attempts, next_attempt_at = v.next_attempt_at,
        processed_at = v.processed_at, failure_reason = v.failure_reason, failure_detail = v.failure_detail, summary_id = v.summary_id,
        merchant_id = v.merchant_id, connection_id = v.connection_id, updated_at_text = v.updated_at_text, change_seq = nextval('events_change_seq')
      from jsonb_to_recordset(${outcomes}::jsonb) as v(event_id text, event_status text, attempts integer, next_attempt_at timestamptz, processed_at timestamptz,
        failure_reason text, failure_detail text, summary_id text, merchant_id text, connection_id text, updated_at_text text)
      where e.event_id = v.event_id`);
  }
  if (rollup) {
    // +1 under each written summary's status and sums, -1 under the status and sums a moved one had; the other dimensions from the row itself
    const delta = (id: string, status: string | null, sums: { capturedMinor: bigint; refundedMinor: bigint } | null, sign: number) =>
      ({ id, status, captured: String(sums?.capturedMinor ?? 0n), refunded: String(sums?.refundedMinor ?? 0n), sign });
    const deltas = JSON.stringify([
      ...[...created, ...moved].map(({ summary }) => delta(summary.id, summary.status, summary, 1)),
      ...moved.map((sale) => delta(sale.summary.id, sale.readStatus, sale.readSums, -1)),
    ]);
    await tx.execute(sql`select summary_rollup_apply(array(
        select (t.organization_id, t.merchant_id, t.created_at, d.status, t.acquirer, t.payment_method, t.card_brand, t.amount_minor, d.captured, d.refunded, d.sign)::summary_rollup_delta
          from jsonb_to_recordset(${deltas}::jsonb) as d(id text, status text, captured bigint, refunded bigint, sign bigint) join transaction_summaries t on t.id = d.id))`);
  }
}
