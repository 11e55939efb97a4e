import { z } from 'zod/mini';
import { CardBrand, CycleStatus, CycleType, PaymentMethod, ProviderName, SummaryOrderField, SummaryStatus } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';
import { AmountFilter, CreatedAtFilter, listBaseQuery, MerchantFilter, SearchQuery } from './list-query.ts';
import { columnsParameter, csvQueryShape, summaryColumnIds } from './export.ts';

const DecimalAmount = z.string().check(z.regex(/^-?\d+\.\d{2}$/), z.meta({ description: 'Decimal text, never a float', example: '150.00' }));

export const CardData = z
  .object({
    brand: CardBrand,
    expirationMonth: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
    expirationYear: z.number().check(z.int()),
    firstDigits: z.string().check(z.regex(/^\d{6,8}$/), z.meta({ description: 'BIN' })),
    holderName: z.string(),
    lastDigits: z.string().check(z.regex(/^\d{4}$/)),
  })
  .register(z.globalRegistry, { id: 'CardData' });
export type CardData = z.infer<typeof CardData>;

export const DeviceData = z
  .object({
    fingerprintId: z.nullable(z.string()),
    geolocation: z.nullable(z.tuple([z.number(), z.number()])).check(z.meta({ description: '[latitude, longitude]' })),
    ipAddress: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'DeviceData' });
export type DeviceData = z.infer<typeof DeviceData>;

export const Cycle = z
  .object({
    id: z.optional(Xid).check(z.meta({ description: 'extension' })),
    createdAt: z.optional(Timestamp).check(z.meta({ description: 'extension: when the cycle happened' })),
    type: CycleType,
    status: CycleStatus,
    amount: DecimalAmount,
    authorizationCode: z.nullable(z.string()),
    responseCode: z.nullable(z.string()).check(z.meta({ description: 'ABECS response code' })),
    responseMessage: z.nullable(z.string()),
    retrievalReferenceNumber: z.nullable(z.string()),
    systemTraceAuditNumber: z.nullable(z.string()),
    gatewayTransactionId: z.string(),
    transactionSummaryId: z.string(),
    device: z.nullable(DeviceData),
  })
  .register(z.globalRegistry, { id: 'Cycle' });
export type Cycle = z.infer<typeof Cycle>;

export const Summary = z
  .object({
    id: z.optional(Xid).check(z.meta({ description: 'extension' })),
    createdAt: z.optional(Timestamp).check(z.meta({ description: 'extension' })),
    acquirer: ProviderName,
    amount: DecimalAmount,
    capturedAmount: z
      .optional(DecimalAmount)
      .check(z.meta({ description: 'extension: the sum of the approved capture cycles (0.00 before a capture)' })),
    refundedAmount: z
      .optional(DecimalAmount)
      .check(
        z.meta({
          description: 'extension: the sum of the approved refund cycles; less than capturedAmount when the status is partially_refunded, equal when refunded',
        }),
      ),
    card: z.nullable(CardData).check(z.meta({ description: 'null for pix' })),
    currency: z.string().check(z.length(3)),
    cycles: z.array(Cycle),
    gatewayTransactionId: z.string(),
    installments: z.number().check(z.int()),
    paymentMethod: PaymentMethod,
    status: SummaryStatus,
    merchantId: z.optional(z.string()).check(z.meta({ description: 'extension: the merchant the sale belongs to' })),
    merchantName: z.optional(z.string()).check(z.meta({ description: "extension: the merchant's name" })),
    acquirerMerchantId: z
      .optional(z.nullable(z.string()))
      .check(z.meta({ description: "extension: the acquirer's merchant identifier (MID) the sale went through; null when unknown" })),
    acquirerTerminalId: z
      .optional(z.nullable(z.string()))
      .check(z.meta({ description: "extension: the acquirer's terminal identifier (TID) the sale went through; null when unknown" })),
  })
  .register(z.globalRegistry, { id: 'Summary' });
export type Summary = z.infer<typeof Summary>;

export const SummaryList = z.array(Summary);

export const summaryQueryShape = {
  ...listBaseQuery,
  order_by: z._default(z.optional(SummaryOrderField), 'created_at'),
  created_at: z.optional(CreatedAtFilter),
  acquirer: z.optional(ProviderName),
  payment_method: z.optional(PaymentMethod),
  status: z.optional(SummaryStatus),
  amount: z.optional(AmountFilter),
  card_brand: z.optional(CardBrand),
  card_first_digits: z.optional(z.string().check(z.regex(/^\d{1,8}$/, 'must be 1 to 8 digits'))).check(z.meta({ description: 'Prefix of the BIN' })),
  card_last_digits: z.optional(z.string().check(z.regex(/^\d{4}$/, 'must be exactly 4 digits'))),
  merchant_id: z.optional(MerchantFilter),
  q: z.optional(SearchQuery).check(
    z.meta({
      description:
        'extension: one exact identifier, matched against the summary id, the gateway transaction id of the summary and of every cycle, ' +
        'the RRN, the STAN (the NSU of Brazilian receipts) and the authorization code of every cycle. Combines with every other filter, order and paging.',
      example: '123456789012',
    }),
  ),
};
export const SummaryQuery = z.strictObject(summaryQueryShape);
export type SummaryQuery = z.infer<typeof SummaryQuery>;
export type SummaryQueryInput = z.input<typeof SummaryQuery>;

/** The list's filters alone (no paging or order): what stats and saved views take. */
export const SummaryFilters = z.omit(SummaryQuery, { page: true, cursor: true, limit: true, order_by: true, order_direction: true });
export type SummaryFilters = z.infer<typeof SummaryFilters>;

/** GET /v1/transactions/summaries: the list query, plus the CSV export's columns and dialect (issue 11). */
export const SummaryListQuery = z.strictObject({ ...summaryQueryShape, columns: columnsParameter(summaryColumnIds), ...csvQueryShape });
