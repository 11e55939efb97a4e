import { z } from 'zod';
import { EventStatus, EventTransactionStatus, EventTransactionType, PaymentMethod } from './enums.ts';
import { FailureReason } from './notifications.ts';
import { Xid } from './ids.ts';
import { CreatedAtFilter, listBaseQuery, MerchantFilter, SearchQuery } from './list-query.ts';
import { columnsParameter, csvQueryShape, eventColumnIds } from './export.ts';

export const EventCardData = z
  .object({
    captureMethod: z.enum(['chip', 'contactless', 'magstripe', 'manual']),
    holderName: z.string().nullable(),
    cardBrand: z.string().nullable(),
    bin: z.string().regex(/^\d{6,8}$/).nullable(),
    last4: z.string().regex(/^\d{4}$/).nullable(),
  })
  .meta({ id: 'EventCardData' });
export type EventCardData = z.infer<typeof EventCardData>;

export const TerminalData = z
  .object({
    navigationMethod: z.string().nullable(),
    networkSsid: z.string().nullable(),
    simSerialNumber: z.string().nullable(),
    simApnData: z.string().nullable(),
    ipAddress: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  })
  .meta({ id: 'TerminalData' });
export type TerminalData = z.infer<typeof TerminalData>;

export const Event = z
  .object({
    id: z.string().meta({ description: 'Identifier of the record (the transaction identifier)' }),
    createdAt: z.string().meta({ description: 'ISO 8601 with the precision it arrived with (nanoseconds occur)', example: '2026-11-21T13:45:12.123456789Z' }),
    updatedAt: z.string(),
    terminalId: z.string(),
    merchantId: z.string().nullable().meta({ description: 'The merchant; null while the notification matches no connection (unknown terminal)' }),
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
    currency: z.string().length(3),
    amount: z.number().int().meta({ description: 'Minor units (centavos)' }),
    paymentMethod: PaymentMethod,
    installments: z.number().int().nullable(),
    installmentInterest: z.boolean().nullable(),
    authorizationCode: z.string().nullable(),
    productAid: z.string().nullable(),
    retrievalReferenceNumber: z.string().nullable(),
    acquirerResponseCode: z.string().nullable(),
    cardData: EventCardData.nullable(),
    terminalData: TerminalData,
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    failureReason: FailureReason.nullable().meta({
      description: '*extension*: why a failed event failed, or why a pending one waits for its next attempt (awaiting_authorization)',
    }),
    failureDetail: z.string().nullable().meta({ description: '*extension*: the same reason as one sentence for people' }),
    attempts: z.number().int().meta({ description: '*extension*: processing attempts made so far' }),
    nextAttemptAt: z.string().nullable().meta({ description: '*extension*: when a pending event is next tried (ISO 8601); null when not scheduled' }),
    processedAt: z.string().nullable().meta({ description: '*extension*: when the event was processed (ISO 8601)' }),
    summaryId: z.string().nullable().meta({ description: '*extension*: the transaction summary the event created or updated' }),
    connectionId: z.string().nullable().meta({ description: '*extension*: the connection (credential) its MID/TID matched' }),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof Event>;

export const EventList = z.array(Event);

export const eventTypePattern = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

export const eventQueryShape = {
  ...listBaseQuery,
  order_by: z.enum(['created_at']).optional().default('created_at'),
  event_status: EventStatus.optional(),
  event_type: z.string().regex(eventTypePattern, 'must be a dotted event type such as payment.completed').optional(),
  created_at: CreatedAtFilter.optional(),
  merchant_id: MerchantFilter.optional(),
  summary_id: Xid.optional().meta({
    description: "extension: only the events of this transaction summary (events whose `id` is the summary's id or the gateway transaction id it was created from)",
  }),
  q: SearchQuery.optional().meta({
    description: "extension: one exact identifier, matched against the eventId, the event's transaction id (`id`), the RRN and the authorization code",
  }),
};
export const EventQuery = z.strictObject(eventQueryShape);
export type EventQuery = z.infer<typeof EventQuery>;
export type EventQueryInput = z.input<typeof EventQuery>;

/** The events list's filters alone (no paging or order), as saved views store them. */
export const EventFilters = EventQuery.omit({ page: true, cursor: true, limit: true, order_by: true, order_direction: true });

/** GET /v1/events: the list query, plus the CSV export's columns and dialect (issue 11). */
export const EventListQuery = z.strictObject({ ...eventQueryShape, columns: columnsParameter(eventColumnIds), ...csvQueryShape });
