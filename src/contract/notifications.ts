import { z } from 'zod/mini';
import { CardBrand, EventTransactionStatus, EventTransactionType, PaymentMethod, ProviderName } from './enums.ts';
import { timestampToNs } from './filters.ts';

/** Machine-readable reasons an event failed (or, for awaiting_authorization, waits for another attempt). */
export const failureReasons = [
  'unknown_terminal',
  'connection_disabled',
  'merchant_mismatch',
  'amount_mismatch',
  'currency_mismatch',
  'authorization_denied',
  'authorization_missing',
  'awaiting_authorization',
] as const;
export const FailureReason = z.enum(failureReasons).register(z.globalRegistry, { id: 'FailureReason' });
export type FailureReason = z.infer<typeof FailureReason>;

/** Optional in a notification: absent and null both stored as null. */
const orNull = <T extends z.ZodMiniType>(schema: T) => z._default(z.optional(z.nullable(schema)), null);
const identifier = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.:-]+$/, 'must be 1 to 64 letters, digits or _ . : -'));
const optionalText = (max: number) => orNull(z.string().check(z.minLength(1), z.maxLength(max)));
const text = (max: number) => z.string().check(z.maxLength(max));
const int = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));
const between = (min: number, max: number) => z.number().check(z.minimum(min), z.maximum(max));

const NotificationCardData = z.object({
  captureMethod: z.enum(['chip', 'contactless', 'magstripe', 'manual']),
  holderName: orNull(text(26)),
  cardBrand: orNull(CardBrand),
  bin: orNull(z.string().check(z.regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits'))),
  last4: orNull(z.string().check(z.regex(/^\d{4}$/, 'must be the last 4 digits'))),
  expirationMonth: orNull(int(1, 12)),
  expirationYear: orNull(int(2000, 2100)),
});

const NotificationTerminalData = z.object({
  navigationMethod: orNull(text(20)),
  networkSsid: orNull(text(64)),
  simSerialNumber: orNull(text(22)),
  simApnData: orNull(text(64)),
  ipAddress: orNull(text(45)),
  latitude: orNull(between(-90, 90)),
  longitude: orNull(between(-180, 180)),
});

/**
 * A notification as an acquirer (or terminal) sends it to POST /v1/notifications: the Event's terminal,
 * card and transaction fields; the platform adds merchantId, eventStatus, updatedAt and the processing fields.
 * Forward compatible (issue 21): fields it does not know, at the top level or inside cardData and terminalData,
 * are accepted and left out of the parsed value (z.object strips them); they are kept in the raw body stored with
 * the event. The fields it knows are validated as ever.
 */
export const Notification = z
  .object({
    eventId: identifier.check(z.meta({ description: 'Unique per notification at the sender: a repeat with the same eventId is accepted once' })),
    id: identifier.check(z.meta({ description: "The transaction's identifier at the sender: every step of one sale carries the same id" })),
    createdAt: z
      .string()
      .check(
        z.refine((text) => timestampToNs(text) !== null, 'must be an ISO 8601 timestamp, e.g. 2026-11-21T13:45:12.123456789Z'),
        z.meta({ description: 'When the step happened; any precision up to nanoseconds is kept' }),
      ),
    eventType: z.string().check(z.regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'must be a dotted event type such as payment.completed')),
    acquirerName: ProviderName,
    transactionType: EventTransactionType,
    transactionStatus: EventTransactionStatus,
    terminalId: identifier,
    terminalSerialNumber: z.string().check(z.minLength(1), z.maxLength(40)),
    merchantTaxId: z.string().check(z.regex(/^\d{11}$|^\d{14}$/, 'must be 11 (CPF) or 14 (CNPJ) digits')),
    acquirerMerchantIdentifier: z.string().check(z.regex(/^[A-Za-z0-9]{1,15}$/, 'must be 1 to 15 letters or digits (MID)')),
    acquirerTerminalIdentifier: z.string().check(z.regex(/^[A-Za-z0-9]{1,8}$/, 'must be 1 to 8 letters or digits (TID)')),
    currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as BRL')),
    amount: z.number().check(z.int(), z.positive(), z.maximum(99_999_999_999), z.meta({ description: 'Minor units (centavos)' })),
    paymentMethod: PaymentMethod,
    installments: orNull(int(2, 24)),
    installmentInterest: orNull(z.boolean()),
    authorizationCode: optionalText(12),
    productAid: orNull(z.string().check(z.regex(/^[0-9A-F]{10,32}$/, 'must be an EMV AID in hex'))),
    retrievalReferenceNumber: optionalText(20),
    acquirerResponseCode: orNull(z.string().check(z.regex(/^[0-9A-Z]{2,3}$/, 'must be an ABECS response code such as 00 or 51'))),
    cardData: orNull(NotificationCardData),
    terminalData: z._default(z.optional(NotificationTerminalData), {
      navigationMethod: null, networkSsid: null, simSerialNumber: null, simApnData: null, ipAddress: null, latitude: null, longitude: null,
    }),
    metadata: z._default(z.optional(z.record(text(40), z.union([text(200), z.number(), z.boolean(), z.null()]))), {}),
  })
  .register(z.globalRegistry, {
    id: 'Notification',
    description:
      'Fields this schema does not name, at the top level or inside cardData and terminalData, are accepted and ignored by processing; ' +
      'the body is kept as received and returned in the event detail (`GET /v1/events/{eventId}`, `rawBody`). The named fields are validated.',
  });
export type Notification = z.infer<typeof Notification>;
export type NotificationInput = z.input<typeof Notification>;

export const NotificationAccepted = z
  .object({
    eventId: z.string(),
    eventStatus: z.string().check(z.meta({ description: 'pending when just stored; the current status for a repeat' })),
  })
  .register(z.globalRegistry, { id: 'NotificationAccepted' });
