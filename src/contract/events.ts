import { z } from 'zod/mini';
import { EventStatus, EventTransactionStatus, EventTransactionType, PaymentMethod } from './enums.ts';
import { FailureReason } from './notifications.ts';
import { Xid } from './ids.ts';
import { CreatedAtFilter, listBaseQuery, MerchantFilter, SearchQuery } from './list-query.ts';
import { columnsParameter, csvQueryShape, eventColumnIds } from './export.ts';

export const EventCardData = z
  .object({
    captureMethod: z.enum(['chip', 'contactless', 'magstripe', 'manual']),
    holderName: z.nullable(z.string()),
    cardBrand: z.nullable(z.string()),
    bin: z.nullable(z.string().check(z.regex(/^\d{6,8}$/))),
    last4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  })
  .register(z.globalRegistry, { id: 'EventCardData' });
export type EventCardData = z.infer<typeof EventCardData>;

export const TerminalData = z
  .object({
    navigationMethod: z.nullable(z.string()),
    networkSsid: z.nullable(z.string()),
    simSerialNumber: z.nullable(z.string()),
    simApnData: z.nullable(z.string()),
    ipAddress: z.nullable(z.string()),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
  })
  .register(z.globalRegistry, { id: 'TerminalData' });
export type TerminalData = z.infer<typeof TerminalData>;

export const Event = z
  .object({
    id: z.string().check(z.meta({ description: 'Identifier of the record (the transaction identifier)' })),
    createdAt: z.string().check(z.meta({ description: 'ISO 8601 with the precision it arrived with (nanoseconds occur)', example: '2026-11-21T13:45:12.123456789Z' })),
    updatedAt: z.string(),
    terminalId: z.string(),
    merchantId: z.nullable(z.string()).check(z.meta({ description: 'The merchant; null while the notification matches no connection (unknown terminal)' })),
    eventId: z.string(),
    eventStatus: EventStatus,
    eventType: z.string(),
    acquirerName: z.string(),
    transactionType: EventTransactionType,
    transactionStatus: EventTransactionStatus,
    terminalSerialNumber: z.string(),
    merchantTaxId: z.string(),
    acquirerMerchantIdentifier: z.string(),
    acquirerTerminalIdentifier: z.string(),
    currency: z.string().check(z.length(3)),
    amount: z.number().check(z.int(), z.meta({ description: 'Minor units (centavos)' })),
    paymentMethod: PaymentMethod,
    installments: z.nullable(z.number().check(z.int())),
    installmentInterest: z.nullable(z.boolean()),
    authorizationCode: z.nullable(z.string()),
    productAid: z.nullable(z.string()),
    retrievalReferenceNumber: z.nullable(z.string()),
    acquirerResponseCode: z.nullable(z.string()),
    cardData: z.nullable(EventCardData),
    terminalData: TerminalData,
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    failureReason: z.nullable(FailureReason).check(
      z.meta({ description: '*extension*: why a failed event failed, or why a pending one waits for its next attempt (awaiting_authorization)' }),
    ),
    failureDetail: z.nullable(z.string()).check(z.meta({ description: '*extension*: the same reason as one sentence for people' })),
    attempts: z.number().check(z.int(), z.meta({ description: '*extension*: processing attempts made so far' })),
    nextAttemptAt: z.nullable(z.string()).check(z.meta({ description: '*extension*: when a pending event is next tried (ISO 8601); null when not scheduled' })),
    processedAt: z.nullable(z.string()).check(z.meta({ description: '*extension*: when the event was processed (ISO 8601)' })),
    summaryId: z.nullable(z.string()).check(z.meta({ description: '*extension*: the transaction summary the event created or updated' })),
    connectionId: z.nullable(z.string()).check(z.meta({ description: '*extension*: the connection (credential) its MID/TID matched' })),
  })
  .register(z.globalRegistry, { id: 'Event' });
export type Event = z.infer<typeof Event>;

export const EventList = z.array(Event);

/** GET /v1/events/{eventId}: the event, and the notification's body as the acquirer sent it (issue 21). */
export const EventDetail = z
  .extend(Event, {
    rawBody: z.nullable(z.string()).check(
      z.meta({
        description:
          "*extension*: the notification's body exactly as received (UTF-8 JSON text, fields the platform does not know included), " +
          'except that a full card number in it (13 to 19 digits passing the Luhn check, outside the fields the platform validates) ' +
          'is stored masked to its first 6 and last 4 digits. Null for events that did not arrive as a notification after this was introduced.',
      }),
    ),
  })
  .register(z.globalRegistry, { id: 'EventDetail' });
export type EventDetail = z.infer<typeof EventDetail>;

export const eventTypePattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

export const eventQueryShape = {
  ...listBaseQuery,
  order_by: z._default(z.optional(z.enum(['created_at'])), 'created_at'),
  event_status: z.optional(EventStatus),
  event_type: z.optional(z.string().check(z.regex(eventTypePattern, 'must be a dotted event type such as payment.completed'))),
  created_at: z.optional(CreatedAtFilter),
  merchant_id: z.optional(MerchantFilter),
  summary_id: z.optional(Xid).check(
    z.meta({
      description: "extension: only the events of this transaction summary (events whose `id` is the summary's id or the gateway transaction id it was created from)",
    }),
  ),
  q: z.optional(SearchQuery).check(
    z.meta({
      description: "extension: one exact identifier, matched against the eventId, the event's transaction id (`id`), the RRN and the authorization code",
    }),
  ),
};
export const EventQuery = z.strictObject(eventQueryShape);
export type EventQuery = z.infer<typeof EventQuery>;
export type EventQueryInput = z.input<typeof EventQuery>;

/** The events list's filters alone (no paging or order), as saved views store them. */
export const EventFilters = z.omit(EventQuery, { page: true, cursor: true, limit: true, order_by: true, order_direction: true });

/** GET /v1/events: the list query, plus the CSV export's columns and dialect (issue 11). */
export const EventListQuery = z.strictObject({ ...eventQueryShape, columns: columnsParameter(eventColumnIds), ...csvQueryShape });
