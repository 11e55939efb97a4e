import { z } from 'zod/mini';

/** The six accepted acquirers (decisions.md: Providers). */
export const providerNames = ['cielo', 'rede', 'getnet', 'stone', 'pagseguro', 'safrapay'] as const;
export const ProviderName = z.enum(providerNames);
export type ProviderName = z.infer<typeof ProviderName>;

export const paymentMethods = ['credit_card', 'debit_card', 'pix'] as const;
export const PaymentMethod = z.enum(paymentMethods);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

export const cardBrands = ['visa', 'mastercard', 'elo', 'amex', 'hipercard'] as const;
export const CardBrand = z.enum(cardBrands);
export type CardBrand = z.infer<typeof CardBrand>;

/**
 * Summary status: where the transaction stands now. refunded: approved refunds reach what was captured;
 * partially_refunded: some was refunded and the rest kept (issue 23).
 */
export const summaryStatuses = ['pending', 'approved', 'denied', 'partially_refunded', 'refunded', 'canceled'] as const;
/** Statuses of a sale that stands captured: gross volume counts their captured amount. */
export const capturedStatuses = ['approved', 'partially_refunded', 'refunded'] as const;
export const SummaryStatus = z.enum(summaryStatuses);
export type SummaryStatus = z.infer<typeof SummaryStatus>;

export const cycleTypes = ['authorization', 'pre_authorization', 'capture', 'refund', 'void', 'reversal'] as const;
export const CycleType = z.enum(cycleTypes);
export type CycleType = z.infer<typeof CycleType>;

export const cycleStatuses = ['pending', 'approved', 'denied'] as const;
export const CycleStatus = z.enum(cycleStatuses);
export type CycleStatus = z.infer<typeof CycleStatus>;

export const eventStatuses = ['pending', 'failed', 'processed'] as const;
export const EventStatus = z.enum(eventStatuses);
export type EventStatus = z.infer<typeof EventStatus>;

export const eventTransactionTypes = ['authorization', 'pre_authorization', 'capture', 'void', 'reversal', 'refund'] as const;
export const EventTransactionType = z.enum(eventTransactionTypes);

export const eventTransactionStatuses = ['pending', 'approved', 'denied'] as const;
export const EventTransactionStatus = z.enum(eventTransactionStatuses);

/** Event types the platform emits today; the filter accepts any well-formed type. */
export const knownEventTypes = ['payment.completed'] as const;

export const scopes = [
  'providers:read',
  'credentials:write',
  'transactions:read',
  'events:read',
  'events:write',
  'merchants:write',
  'views:write',
  'receivables:read',
  'fee-plans:write',
  'margin:read',
  'reconciliation:read',
  'reconciliation:write',
] as const;
export const Scope = z.enum(scopes);
export type Scope = z.infer<typeof Scope>;

export const TokenMode = z.enum(['live', 'test']);
export type TokenMode = z.infer<typeof TokenMode>;

export const summaryOrderFields = [
  'created_at',
  'acquirer',
  'payment_method',
  'status',
  'amount',
  'card_brand',
  'card_first_digits',
  'card_last_digits',
] as const;
export const SummaryOrderField = z.enum(summaryOrderFields);
export type SummaryOrderField = z.infer<typeof SummaryOrderField>;

export const OrderDirection = z.enum(['asc', 'desc']);
export type OrderDirection = z.infer<typeof OrderDirection>;
