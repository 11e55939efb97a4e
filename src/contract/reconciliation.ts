import { z } from 'zod/mini';
import { ProviderName } from './enums.ts';
import { maxCursorLength } from './list-query.ts';

/** Issue 26: acquirers' statement files and the reconciliation of their records with the platform's sales. */

export const reconciliationOutcomes = [
  'amount_differs',
  'fee_differs',
  'missing_from_acquirer',
  'unknown_to_platform',
  'payment_date_differs',
  'unexpected_adjustment',
  // settlement against the receivables (issue 25): what the acquirer paid against what it was expected to pay
  'paid_amount_differs',
  'paid_date_differs',
  'payment_overdue',
  'unknown_payment',
] as const;
export const ReconciliationOutcome = z.enum(reconciliationOutcomes);
export type ReconciliationOutcome = z.infer<typeof ReconciliationOutcome>;

export const exceptionStatuses = ['open', 'accepted', 'resolved', 'ignored', 'linked'] as const;
export const ExceptionStatus = z.enum(exceptionStatuses);
export type ExceptionStatus = z.infer<typeof ExceptionStatus>;

/** Ageing buckets by the days since the sale's (or record's) day. */
export const ageingBuckets = [
  { id: '0-2', min: 0, max: 2 },
  { id: '3-7', min: 3, max: 7 },
  { id: '8-30', min: 8, max: 30 },
  { id: '31+', min: 31, max: null },
] as const;
export const AgeingBucketId = z.enum(['0-2', '3-7', '8-30', '31+']);
export type AgeingBucketId = z.infer<typeof AgeingBucketId>;

const Minor = z.nullable(z.string().check(z.meta({ description: 'centavos, as a decimal integer string' })));
const IsoDate = z.string().check(z.meta({ description: 'YYYY-MM-DD' }));

export const StatementFile = z
  .object({
    id: z.string(),
    acquirer: ProviderName,
    layout: z.string(),
    name: z.nullable(z.string()),
    sha256: z.string(),
    sizeBytes: z.number(),
    lines: z.number(),
    records: z.number(),
    fileKind: z.nullable(z.string()),
    periodStart: z.nullable(IsoDate),
    periodEnd: z.nullable(IsoDate),
    generatedOn: z.nullable(IsoDate),
    importedAt: z.string(),
    importedBy: z.string(),
    saleRecords: z.number(),
    matchedRecords: z.number(),
    exceptions: z.number(),
    grossMinor: z.string(),
    feeMinor: z.string(),
    netMinor: z.string(),
  })
  .register(z.globalRegistry, { id: 'StatementFile', description: 'An imported statement file and its results' });
export type StatementFile = z.infer<typeof StatementFile>;

export const StatementFileUpload = z
  .object({ duplicate: z.boolean(), file: StatementFile })
  .register(z.globalRegistry, { id: 'StatementFileUpload', description: 'The imported file, or the one already imported with the same content (duplicate)' });
export type StatementFileUpload = z.infer<typeof StatementFileUpload>;

export const StatementFileList = z
  .object({ data: z.array(StatementFile), nextCursor: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'StatementFileList', description: 'Statement files, newest first' });

const limit = z._default(
  z.optional(z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 500')), z.transform(Number)), z.number().check(z.minimum(1, 'must be 1 or more'), z.maximum(500, 'must be 500 or less')))),
  50,
);
const cursor = z.optional(z.string().check(z.maxLength(maxCursorLength), z.regex(/^[A-Za-z0-9_-]+$/, 'must be a nextCursor of this list, unchanged')));

export const FileListQuery = z.object({ limit, cursor });

const filterFields = {
  outcome: z.optional(ReconciliationOutcome),
  acquirer: z.optional(ProviderName),
  merchant_id: z.optional(z.string().check(z.maxLength(64))),
  file_id: z.optional(z.string().check(z.maxLength(64))),
  status: z._default(z.optional(ExceptionStatus), 'open'),
  age: z.optional(AgeingBucketId),
};
export const ExceptionFilter = z.object(filterFields);
export type ExceptionFilter = z.infer<typeof ExceptionFilter>;

export const ExceptionQuery = z.object({ ...filterFields, limit, cursor });
export type ExceptionQuery = z.infer<typeof ExceptionQuery>;

export const ReconciliationException = z
  .object({
    id: z.string(),
    outcome: ReconciliationOutcome,
    acquirer: z.string(),
    merchantId: z.nullable(z.string()),
    summaryId: z.nullable(z.string()),
    fileId: z.nullable(z.string()),
    line: z.nullable(z.number()),
    day: IsoDate,
    ageDays: z.number(),
    expectedMinor: Minor,
    reportedMinor: Minor,
    expectedDate: z.nullable(IsoDate),
    reportedDate: z.nullable(IsoDate),
    status: ExceptionStatus,
    note: z.nullable(z.string()),
    resolvedBy: z.nullable(z.string()),
    resolvedAt: z.nullable(z.string()),
    linkedSummaryId: z.nullable(z.string()),
    receivableId: z.nullable(z.string()).check(z.meta({ description: 'the receivable a settlement exception is about (GET /v1/receivables?summary_id=…)' })),
  })
  .register(z.globalRegistry, { id: 'ReconciliationException', description: 'A difference between an acquirer’s file and the platform' });
export type ReconciliationException = z.infer<typeof ReconciliationException>;

export const ExceptionList = z
  .object({ data: z.array(ReconciliationException), nextCursor: z.nullable(z.string()) })
  .register(z.globalRegistry, { id: 'ReconciliationExceptionList', description: 'Exceptions, oldest day first' });

export const AcquirerRecord = z.object({
  fileId: z.string(),
  line: z.number(),
  recordType: z.string(),
  kind: z.string(),
  mid: z.string(),
  nsu: z.nullable(z.string()),
  authorizationCode: z.nullable(z.string()),
  captureDate: z.nullable(IsoDate),
  paymentDate: z.nullable(IsoDate),
  installment: z.nullable(z.number()),
  installments: z.nullable(z.number()),
  grossMinor: z.string(),
  feeMinor: z.string(),
  netMinor: z.string(),
  saleTotalMinor: Minor,
  cardBin: z.nullable(z.string()),
  cardLast4: z.nullable(z.string()),
});
export type AcquirerRecord = z.infer<typeof AcquirerRecord>;

export const PlatformSale = z.object({
  id: z.string(),
  merchantId: z.string(),
  createdAt: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  amountMinor: z.string(),
  installments: z.number(),
  acquirerMerchantId: z.nullable(z.string()),
  cardFirstDigits: z.nullable(z.string()),
  cardLastDigits: z.nullable(z.string()),
});

export const ExceptionDetail = z
  .object({ exception: ReconciliationException, platform: z.nullable(PlatformSale), acquirer: z.array(AcquirerRecord) })
  .register(z.globalRegistry, { id: 'ReconciliationExceptionDetail', description: 'An exception with the platform’s sale beside the acquirer’s records' });
export type ExceptionDetail = z.infer<typeof ExceptionDetail>;

/** what a note alone can do to one exception or to a filtered selection (linking to a sale also needs the sale) */
export const bulkResolutionActions = ['resolve', 'accept', 'ignore'] as const;
export type BulkResolutionAction = (typeof bulkResolutionActions)[number];
export const resolutionActions = [...bulkResolutionActions, 'link'] as const;
export const ResolutionAction = z.enum(resolutionActions);
export type ResolutionAction = z.infer<typeof ResolutionAction>;

const note = z.string().check(z.trim(), z.minLength(1, 'must say why (1 to 1000 characters)'), z.maxLength(1000, 'must be at most 1000 characters'));

export const ResolutionInput = z
  .strictObject({ action: ResolutionAction, note, summaryId: z.optional(z.string().check(z.maxLength(64))) })
  .register(z.globalRegistry, { id: 'ExceptionResolution', description: 'accept the acquirer’s value, resolve or ignore with a note, or link to a sale (summaryId)' });
export type ResolutionInput = z.infer<typeof ResolutionInput>;

export const BulkResolutionInput = z
  .strictObject({ filter: z.strictObject({ outcome: z.optional(ReconciliationOutcome), acquirer: z.optional(ProviderName), merchant_id: z.optional(z.string()), file_id: z.optional(z.string()), age: z.optional(AgeingBucketId) }), action: z.enum(bulkResolutionActions), note })
  .register(z.globalRegistry, { id: 'BulkExceptionResolution', description: 'One action and note for every open exception the filter selects' });
export type BulkResolutionInput = z.infer<typeof BulkResolutionInput>;

export const BulkResolutionResult = z.object({ updated: z.number() }).register(z.globalRegistry, { id: 'BulkExceptionResolutionResult' });

export const AgeingSummary = z
  .object({ buckets: z.array(z.object({ bucket: AgeingBucketId, count: z.number(), amountMinor: z.string() })) })
  .register(z.globalRegistry, { id: 'ExceptionAgeing', description: 'Open exceptions per ageing bucket (same filters as the list)' });

export const DailySummary = z
  .object({
    data: z.array(z.object({ day: IsoDate, acquirer: z.string(), saleRecords: z.number(), matched: z.number(), reconciledRate: z.number(), openExceptions: z.number(), unresolvedMinor: z.string() })),
  })
  .register(z.globalRegistry, { id: 'ReconciliationDaily', description: 'Per day and acquirer: sale records, matched, reconciled rate, open exceptions and their amount' });
