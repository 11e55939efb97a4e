import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { timestampToNs } from '../../contract/filters.ts';
import type { Notification } from '../../contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { events } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { EventRow } from '../queries/events-query.ts';

export const payloadHash = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

export type IngestOutcome = { kind: 'created'; row: EventRow } | { kind: 'repeat'; row: EventRow } | { kind: 'conflict'; detail: string };

/**
 * Stores a verified notification as a pending event due now, exactly once per eventId: concurrent repeats
 * race on the primary key and all but one find the stored row (INSERT ... ON CONFLICT DO NOTHING). On monthly
 * partitions (npm run partition) a trigger keeps eventId unique across months and refuses a repeat with a
 * unique violation instead (db/partitions/unique-event-id.ts): the same outcome, a stored row to find.
 */
export async function ingestNotification(db: Db, organizationId: string, notification: Notification, raw: Buffer): Promise<IngestOutcome> {
  const hash = payloadHash(raw);
  const createdAtNs = timestampToNs(notification.createdAt);
  if (createdAtNs === null) throw new Error('createdAt was validated');
  const now = new Date();
  const { eventId, id, createdAt, ...fields } = notification;
  const inserted = await db
    .insert(events)
    .values({
      ...fields,
      eventId,
      id,
      organizationId,
      merchantId: null,
      createdAtNs,
      createdAtText: createdAt,
      updatedAtText: now.toISOString(),
      eventStatus: 'pending',
      amount: BigInt(notification.amount),
      nextAttemptAt: now,
      payloadHash: hash,
    })
    .onConflictDoNothing()
    .returning()
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return [];
      throw error;
    });
  if (inserted[0]) return { kind: 'created', row: inserted[0] };
  const [existing] = await db.select().from(events).where(eq(events.eventId, eventId));
  if (!existing || existing.organizationId !== organizationId) {
    return { kind: 'conflict', detail: `The eventId ${eventId} is already used by another sender; eventIds must be unique.` };
  }
  if (existing.payloadHash !== null && existing.payloadHash !== hash) {
    return { kind: 'conflict', detail: `The eventId ${eventId} was already received with a different body; a repeat must carry the same body.` };
  }
  return { kind: 'repeat', row: existing };
}
