import { z } from 'zod/mini';
import { cardBrands, paymentMethods, ProviderName } from './enums.ts';
import { CsvDialect } from './export.ts';
import { IsoDate, isoDatePattern } from './fee-plans.ts';
import { Timestamp } from './ids.ts';
import { maxCursorLength, MerchantFilter } from './list-query.ts';

/** scheduled, settled, cancelled, adjusted are stored; overdue = scheduled with its due date past (Brasília). */
export const receivableStatuses = ['scheduled', 'overdue', 'settled', 'cancelled', 'adjusted'] as const;
export const ReceivableStatus = z.enum(receivableStatuses);
export type ReceivableStatus = z.infer<typeof ReceivableStatus>;

export const receivableProducts = ['debit', 'credit', 'pix'] as const;
export const receivableBrands = [...cardBrands, 'pix'] as const;

/** 'YYYY-MM-DD', or from..to (both inclusive, either side open). */
export const dueDateRangePattern = new RegExp(`^(${isoDatePattern.source.slice(1, -1)})?(\\.\\.(${isoDatePattern.source.slice(1, -1)})?)?$`);
export function parseDueDateRange(text: string): { from: string | null; to: string | null } | null {
  if (!dueDateRangePattern.test(text) || text === '..' || text === '') return null;
  if (!text.includes('..')) return { from: text, to: text };
  const [from = '', to = ''] = text.split('..');
  if (from !== '' && to !== '' && from > to) return null;
  return { from: from || null, to: to || null };
}
export const DueDateFilter = z.string().check(
  z.refine((v) => parseDueDateRange(v) !== null, 'must be YYYY-MM-DD or a range from..to of dates, both inclusive, from not after to; either side may be open'),
  z.meta({ example: '2026-12-01..2026-12-31' }),
);

const text = <T extends string>(values: readonly [T, ...T[]]) => z.optional(z.enum(values));

export const ReceivableQuery = z.strictObject({
  merchant_id: z.optional(MerchantFilter),
  acquirer: z.optional(ProviderName),
  brand: text(receivableBrands),
  payment_method: text(paymentMethods),
  status: z.optional(ReceivableStatus),
  due_date: z.optional(DueDateFilter),
  summary_id: z.optional(z.string().check(z.regex(/^[0-9a-v]{20}$/, 'must be a summary id'))),
  cursor: z.optional(z.string().check(z.maxLength(maxCursorLength), z.regex(/^[A-Za-z0-9_-]+$/, 'must be a cursor from a rel="next" link, unchanged'))),
  limit: z._default(
    z.optional(z.pipe(z.pipe(z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number from 1 to 100')), z.transform(Number)), z.number().check(z.int(), z.minimum(1), z.maximum(100)))),
    20,
  ),
  csv_dialect: z._default(z.optional(CsvDialect), 'rfc4180'),
});
export type ReceivableQuery = z.infer<typeof ReceivableQuery>;

export const Receivable = z
  .object({
    id: z.string(),
    summaryId: z.string(),
    merchantId: z.string(),
    kind: z.enum(['installment', 'adjustment']),
    installment: z.int(),
    installments: z.int(),
    acquirer: z.string(),
    paymentMethod: z.string(),
    brand: z.string(),
    product: z.enum(receivableProducts),
    receiverTaxId: z.string(),
    unitKey: z.string().check(z.meta({ description: 'The unit (UR): receiver CNPJ : brand-product : acquirer : due date' })),
    gross: z.string().check(z.meta({ description: 'Decimal text; negative for an adjustment' })),
    fee: z.string().check(z.meta({ description: 'The MDR at the merchant’s price plan, half-even on this gross' })),
    net: z.string(),
    refunded: z.string().check(z.meta({ description: 'What refunds, voids and reversals took off before payment' })),
    feeRate: z.string().check(z.meta({ description: 'Percent' })),
    costFee: z.optional(z.string()).check(z.meta({ description: 'margin:read only: what the acquirer charges the platform' })),
    capturedOn: z.string(),
    dueDate: z.string(),
    originalDueDate: z.string(),
    status: ReceivableStatus,
    settledAt: z.nullable(Timestamp),
  })
  .register(z.globalRegistry, { id: 'Receivable' });
export type Receivable = z.infer<typeof Receivable>;

export const ReceivableList = z.object({ data: z.array(Receivable), nextCursor: z.nullable(z.string()) }).register(z.globalRegistry, { id: 'ReceivableList' });
export type ReceivableList = z.infer<typeof ReceivableList>;

export const CalendarQuery = z.strictObject({
  from: z.optional(IsoDate).check(z.meta({ description: 'First due date (default today, Brasília)' })),
  to: z.optional(IsoDate).check(z.meta({ description: 'Last due date, inclusive (default from + 90 days); at most 400 days after from' })),
  group_by: z._default(z.optional(z.enum(['day', 'unit'])), 'day').check(z.meta({ description: 'day, or unit (UR: receiver, brand, product, acquirer, date)' })),
  merchant_id: z.optional(MerchantFilter),
  acquirer: z.optional(ProviderName),
  status: z.optional(ReceivableStatus),
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

export const Totals = {
  count: z.int(),
  gross: z.string(),
  fee: z.string(),
  net: z.string(),
  costFee: z.optional(z.string()).check(z.meta({ description: 'margin:read only' })),
  margin: z.optional(z.string()).check(z.meta({ description: 'margin:read only: fee − costFee' })),
};

export const CalendarEntry = z
  .object({
    dueDate: z.string(),
    receiverTaxId: z.optional(z.string()),
    brand: z.optional(z.string()),
    product: z.optional(z.string()),
    acquirer: z.optional(z.string()),
    unitKey: z.optional(z.string()),
    ...Totals,
  })
  .register(z.globalRegistry, { id: 'ReceivableCalendarEntry' });
export type CalendarEntry = z.infer<typeof CalendarEntry>;

/** Per arrangement (brand and product) and acquirer over a range: what the page's arrangements table shows, summed in the database. */
export const ArrangementsQuery = z.omit(CalendarQuery, { group_by: true });
export type ArrangementsQuery = z.infer<typeof ArrangementsQuery>;

export const ArrangementEntry = z
  .object({
    brand: z.string(),
    product: z.string(),
    acquirer: z.string(),
    units: z.int().check(z.meta({ description: 'How many units (UR: receiver, arrangement, acquirer, date) of this arrangement fall in the range' })),
    ...Totals,
  })
  .register(z.globalRegistry, { id: 'ReceivableArrangement' });
export type ArrangementEntry = z.infer<typeof ArrangementEntry>;

export const Arrangements = z
  .object({ from: z.string(), to: z.string(), data: z.array(ArrangementEntry).check(z.meta({ description: 'Largest net first' })), totals: z.object(Totals) })
  .register(z.globalRegistry, { id: 'ReceivableArrangements' });
export type Arrangements = z.infer<typeof Arrangements>;

export const CalendarSummary = z
  .object({
    thisMonth: z.object(Totals),
    nextMonth: z.object(Totals),
    settled: z.object(Totals).check(z.meta({ description: 'Settled with due dates in the range' })),
    overdue: z.object(Totals).check(z.meta({ description: 'Open and past due, any date' })),
  })
  .register(z.globalRegistry, { id: 'ReceivableCalendarSummary' });

export const Calendar = z
  .object({ from: z.string(), to: z.string(), groupBy: z.enum(['day', 'unit']), data: z.array(CalendarEntry), totals: z.object(Totals), summary: CalendarSummary })
  .register(z.globalRegistry, { id: 'ReceivableCalendar' });
export type Calendar = z.infer<typeof Calendar>;

export const MarginQuery = z.strictObject({
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  group_by: z._default(z.optional(z.enum(['acquirer', 'merchant', 'month'])), 'month'),
});
export const MarginEntry = z.object({ key: z.string(), count: z.int(), gross: z.string(), fee: z.string(), costFee: z.string(), margin: z.string() }).register(z.globalRegistry, { id: 'MarginEntry' });
export const Margin = z.object({ from: z.string(), to: z.string(), groupBy: z.string(), data: z.array(MarginEntry) }).register(z.globalRegistry, { id: 'Margin' });
export type Margin = z.infer<typeof Margin>;

export const AnticipationInput = z
  .strictObject({
    merchantId: z.optional(MerchantFilter).check(z.meta({ description: 'Required for an organization token; a merchant token simulates for its own merchant' })),
    dueDates: z.optional(z.array(IsoDate).check(z.minLength(1), z.maxLength(400))).check(z.meta({ description: 'The units’ settlement dates to anticipate (default: every open one)' })),
    acquirers: z.optional(z.array(ProviderName).check(z.minLength(1))),
  })
  .check(z.meta({ description: 'Body of POST /v1/receivables/anticipation/simulate' }));
export type AnticipationInput = z.infer<typeof AnticipationInput>;

export const AnticipationUnit = z.object({ dueDate: z.string(), acquirer: z.string(), brand: z.string(), product: z.string(), days: z.int(), net: z.string(), anticipationFee: z.string(), receivedToday: z.string() });
export const AnticipationSimulation = z
  .object({
    merchantId: z.string(),
    date: z.string().check(z.meta({ description: 'Today, Brasília' })),
    monthlyRate: z.string().check(z.meta({ description: 'Percent per 30 days, from the merchant’s price plan' })),
    units: z.array(AnticipationUnit),
    net: z.string(),
    anticipationFee: z.string(),
    receivedToday: z.string(),
  })
  .register(z.globalRegistry, { id: 'AnticipationSimulation', description: 'A simulation only: nothing is booked' });
export type AnticipationSimulation = z.infer<typeof AnticipationSimulation>;
