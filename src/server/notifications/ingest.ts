import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { timestampToNs } from '../../contract/filters.ts';
import type { Notification } from '../../contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { preparedOnce, type Prepared } from '../db/prepared.ts';
import { events } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { eventListColumns, type EventRow } from '../events/events-query.ts';
import { storedRawBody } from './raw-body.ts';

export const payloadHash = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

export type IngestOutcome = { kind: 'created'; row: EventRow } | { kind: 'repeat'; row: EventRow } | { kind: 'conflict'; detail: string };

/** The columns a notification fills: every field of the notification, where it came from, and its schedule (due now). */
type Stored = Omit<Notification, 'createdAt' | 'amount'> & {
  organizationId: string;
  createdAtNs: bigint;
  createdAtText: string;
  updatedAtText: string;
  amount: bigint;
  nextAttemptAt: Date;
  payloadHash: string;
  rawBody: string;
};

/** Every column a notification fills (a key missing or extra here fails to compile). */
const storedColumns: Record<keyof Stored, true> = {
  eventId: true, id: true, organizationId: true, createdAtNs: true, createdAtText: true, updatedAtText: true, terminalId: true, eventType: true,
  acquirerName: true, transactionType: true, transactionStatus: true, terminalSerialNumber: true, merchantTaxId: true, acquirerMerchantIdentifier: true,
  acquirerTerminalIdentifier: true, currency: true, amount: true, paymentMethod: true, installments: true, installmentInterest: true,
  authorizationCode: true, productAid: true, retrievalReferenceNumber: true, acquirerResponseCode: true, cardData: true, terminalData: true,
  metadata: true, nextAttemptAt: true, payloadHash: true, rawBody: true,
};
/** jsonb values go as JSON text cast in SQL: a prepared statement's jsonb encoder would store a null card as JSON null, not SQL NULL */
const jsonColumns = new Set<string>(['cardData', 'terminalData', 'metadata']);

/**
 * INSERT ... ON CONFLICT (event_id) DO NOTHING RETURNING *, built once per database handle and prepared
 * once per connection: ingestion's one statement costs no query building per request.
 */
function insertStatement(db: Db): Prepared<EventRow> {
  return preparedOnce(db, 'ingest-notification', (name) => {
    const values = Object.fromEntries(Object.keys(storedColumns).map((key) => [key, jsonColumns.has(key) ? sql`${sql.placeholder(key)}::jsonb` : sql.placeholder(key)]));
    return db
      .insert(events)
      .values({ ...values, eventStatus: 'pending' } as typeof events.$inferInsert)
      .onConflictDoNothing()
      .returning(eventListColumns)
      .prepare(name);
  });
}

/**
 * Stores a verified notification as a pending event due now, exactly once per eventId: concurrent repeats
 * race on the primary key and all but one find the stored row (INSERT ... ON CONFLICT DO NOTHING). The raw body is
 * kept with it as received (raw-body.ts: UTF-8 text, a full card number masked), unknown fields and all.
 */
export async function ingestNotification(db: Db, organizationId: string, notification: Notification, raw: Buffer): Promise<IngestOutcome> {
  const hash = payloadHash(raw);
  const createdAtNs = timestampToNs(notification.createdAt);
  if (createdAtNs === null) throw new Error('createdAt was validated');
  const { createdAt, ...fields } = notification;
  const stored: Stored = {
    ...fields,
    organizationId,
    createdAtNs,
    createdAtText: createdAt,
    updatedAtText: new Date().toISOString(),
    amount: BigInt(notification.amount),
    nextAttemptAt: new Date(),
    payloadHash: hash,
    rawBody: storedRawBody(raw.toString('utf8'), notification),
  };
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  // on monthly partitions (npm run partition) a trigger keeps eventId unique across months and refuses a repeat
  // with a unique violation instead (db/partitions/unique-event-id.ts): the same outcome, a stored row to find
  const [inserted] = await insertStatement(db)
    .execute({ ...stored, cardData: json(stored.cardData), terminalData: json(stored.terminalData), metadata: json(stored.metadata) })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  if (inserted) return { kind: 'created', row: inserted };
  const [existing] = await db.select(eventListColumns).from(events).where(eq(events.eventId, notification.eventId));
  if (!existing || existing.organizationId !== organizationId) {
    return { kind: 'conflict', detail: `The eventId ${notification.eventId} is already used by another sender; eventIds must be unique.` };
  }
  if (existing.payloadHash !== null && existing.payloadHash !== hash) {
    return { kind: 'conflict', detail: `The eventId ${notification.eventId} was already received with a different body; a repeat must carry the same body.` };
  }
  return { kind: 'repeat', row: existing };
}
