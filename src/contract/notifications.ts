import { z } from 'zod';
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
export const FailureReason = z.enum(failureReasons).meta({ id: 'FailureReason' });
export type FailureReason = z.infer<typeof FailureReason>;

/** The header carrying a notification's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const signatureHeader = 'x-signature';

const identifier = z.string().min(1).max(64).regex(/^[A-Za-z0-9_.:-]+$/, 'must be 1 to 64 letters, digits or _ . : -');
const optionalText = (max: number) => z.string().min(1).max(max).nullable().optional().default(null);

const NotificationCardData = z.strictObject({
  captureMethod: z.enum(['chip', 'contactless', 'magstripe', 'manual']),
  holderName: z.string().max(26).nullable().optional().default(null),
  cardBrand: CardBrand.nullable().optional().default(null),
  bin: z.string().regex(/^\d{6,8}$/, 'must be the first 6 to 8 digits').nullable().optional().default(null),
  last4: z.string().regex(/^\d{4}$/, 'must be the last 4 digits').nullable().optional().default(null),
  expirationMonth: z.number().int().min(1).max(12).nullable().optional().default(null),
  expirationYear: z.number().int().min(2000).max(2100).nullable().optional().default(null),
});

const NotificationTerminalData = z.strictObject({
  navigationMethod: z.string().max(20).nullable().optional().default(null),
  networkSsid: z.string().max(64).nullable().optional().default(null),
  simSerialNumber: z.string().max(22).nullable().optional().default(null),
  simApnData: z.string().max(64).nullable().optional().default(null),
  ipAddress: z.string().max(45).nullable().optional().default(null),
  latitude: z.number().min(-90).max(90).nullable().optional().default(null),
  longitude: z.number().min(-180).max(180).nullable().optional().default(null),
});

/**
 * A notification as an acquirer (or terminal) sends it to POST /v1/notifications: the Event's terminal,
 * card and transaction fields; the platform adds merchantId, eventStatus, updatedAt and the processing fields.
 */
export const Notification = z
  .strictObject({
    eventId: identifier.meta({ description: 'Unique per notification at the sender: a repeat with the same eventId is accepted once' }),
    id: identifier.meta({ description: "The transaction's identifier at the sender: every step of one sale carries the same id" }),
    createdAt: z
      .string()
      .refine((text) => timestampToNs(text) !== null, 'must be an ISO 8601 timestamp, e.g. 2026-11-21T13:45:12.123456789Z')
      .meta({ description: 'When the step happened; any precision up to nanoseconds is kept' }),
    eventType: z.string().regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, 'must be a dotted event type such as payment.completed'),
    acquirerName: ProviderName,
    transactionType: EventTransactionType,
    transactionStatus: EventTransactionStatus,
    terminalId: identifier,
    terminalSerialNumber: z.string().min(1).max(40),
    merchantTaxId: z.string().regex(/^\d{11}$|^\d{14}$/, 'must be 11 (CPF) or 14 (CNPJ) digits'),
    acquirerMerchantIdentifier: z.string().regex(/^[A-Za-z0-9]{1,15}$/, 'must be 1 to 15 letters or digits (MID)'),
    acquirerTerminalIdentifier: z.string().regex(/^[A-Za-z0-9]{1,8}$/, 'must be 1 to 8 letters or digits (TID)'),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as BRL'),
    amount: z.number().int().positive().max(99_999_999_999).meta({ description: 'Minor units (centavos)' }),
    paymentMethod: PaymentMethod,
    installments: z.number().int().min(2).max(24).nullable().optional().default(null),
    installmentInterest: z.boolean().nullable().optional().default(null),
    authorizationCode: optionalText(12),
    productAid: z.string().regex(/^[0-9A-F]{10,32}$/, 'must be an EMV AID in hex').nullable().optional().default(null),
    retrievalReferenceNumber: optionalText(20),
    acquirerResponseCode: z.string().regex(/^[0-9A-Z]{2,3}$/, 'must be an ABECS response code such as 00 or 51').nullable().optional().default(null),
    cardData: NotificationCardData.nullable().optional().default(null),
    terminalData: NotificationTerminalData.optional().default({
      navigationMethod: null, networkSsid: null, simSerialNumber: null, simApnData: null, ipAddress: null, latitude: null, longitude: null,
    }),
    metadata: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional().default({}),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;
export type NotificationInput = z.input<typeof Notification>;

export const NotificationAccepted = z
  .object({
    eventId: z.string(),
    eventStatus: z.string().meta({ description: 'pending when just stored; the current status for a repeat' }),
  })
  .meta({ id: 'NotificationAccepted' });
