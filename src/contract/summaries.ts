import { z } from 'zod';
import { CardBrand, CycleStatus, CycleType, PaymentMethod, ProviderName, SummaryOrderField, SummaryStatus } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';
import { AmountFilter, CreatedAtFilter, listBaseQuery, MerchantFilter, SearchQuery } from './list-query.ts';
import { columnsParameter, csvQueryShape, summaryColumnIds } from './export.ts';

const DecimalAmount = z.string().regex(/^-?\d+\.\d{2}$/).meta({ description: 'Decimal text, never a float', example: '150.00' });

export const CardData = z
  .object({
    brand: CardBrand,
    expirationMonth: z.number().int().min(1).max(12),
    expirationYear: z.number().int(),
    firstDigits: z.string().regex(/^\d{6,8}$/).meta({ description: 'BIN' }),
    holderName: z.string(),
    lastDigits: z.string().regex(/^\d{4}$/),
  })
  .meta({ id: 'CardData' });
export type CardData = z.infer<typeof CardData>;

export const DeviceData = z
  .object({
    fingerprintId: z.string().nullable(),
    geolocation: z.tuple([z.number(), z.number()]).nullable().meta({ description: '[latitude, longitude]' }),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: 'DeviceData' });
export type DeviceData = z.infer<typeof DeviceData>;

export const Cycle = z
  .object({
    id: Xid.optional().meta({ description: 'extension' }),
    createdAt: Timestamp.optional().meta({ description: 'extension: when the cycle happened' }),
    type: CycleType,
    status: CycleStatus,
    amount: DecimalAmount,
    authorizationCode: z.string().nullable(),
    responseCode: z.string().nullable().meta({ description: 'ABECS response code' }),
    responseMessage: z.string().nullable(),
    retrievalReferenceNumber: z.string().nullable(),
    systemTraceAuditNumber: z.string().nullable(),
    gatewayTransactionId: z.string(),
    transactionSummaryId: z.string(),
    device: DeviceData.nullable(),
  })
  .meta({ id: 'Cycle' });
export type Cycle = z.infer<typeof Cycle>;

export const Summary = z
  .object({
    id: Xid.optional().meta({ description: 'extension' }),
    createdAt: Timestamp.optional().meta({ description: 'extension' }),
    acquirer: ProviderName,
    amount: DecimalAmount,
    card: CardData.nullable().meta({ description: 'null for pix' }),
    currency: z.string().length(3),
    cycles: z.array(Cycle),
    gatewayTransactionId: z.string(),
    installments: z.number().int(),
    paymentMethod: PaymentMethod,
    status: SummaryStatus,
    merchantId: z.string().optional().meta({ description: 'extension: the merchant the sale belongs to' }),
    merchantName: z.string().optional().meta({ description: "extension: the merchant's name" }),
    acquirerMerchantId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "extension: the acquirer's merchant identifier (MID) the sale went through; null when unknown" }),
    acquirerTerminalId: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "extension: the acquirer's terminal identifier (TID) the sale went through; null when unknown" }),
  })
  .meta({ id: 'Summary' });
export type Summary = z.infer<typeof Summary>;

export const SummaryList = z.array(Summary);

export const summaryQueryShape = {
  ...listBaseQuery,
  order_by: SummaryOrderField.optional().default('created_at'),
  created_at: CreatedAtFilter.optional(),
  acquirer: ProviderName.optional(),
  payment_method: PaymentMethod.optional(),
  status: SummaryStatus.optional(),
  amount: AmountFilter.optional(),
  card_brand: CardBrand.optional(),
  card_first_digits: z.string().regex(/^\d{1,8}$/, 'must be 1 to 8 digits').optional().meta({ description: 'Prefix of the BIN' }),
  card_last_digits: z.string().regex(/^\d{4}$/, 'must be exactly 4 digits').optional(),
  merchant_id: MerchantFilter.optional(),
  q: SearchQuery.optional().meta({
    description:
      'extension: one exact identifier, matched against the summary id, the gateway transaction id of the summary and of every cycle, ' +
      'the RRN, the STAN (the NSU of Brazilian receipts) and the authorization code of every cycle. Combines with every other filter, order and paging.',
    example: '123456789012',
  }),
};
export const SummaryQuery = z.strictObject(summaryQueryShape);
export type SummaryQuery = z.infer<typeof SummaryQuery>;
export type SummaryQueryInput = z.input<typeof SummaryQuery>;

/** The list's filters alone (no paging or order): what stats and saved views take. */
export const SummaryFilters = SummaryQuery.omit({ page: true, cursor: true, limit: true, order_by: true, order_direction: true });
export type SummaryFilters = z.infer<typeof SummaryFilters>;

/** GET /v1/transactions/summaries: the list query, plus the CSV export's columns and dialect (issue 11). */
export const SummaryListQuery = z.strictObject({ ...summaryQueryShape, columns: columnsParameter(summaryColumnIds), ...csvQueryShape });
