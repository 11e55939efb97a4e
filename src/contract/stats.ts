import { z } from 'zod';
import { summaryStatuses } from './enums.ts';
import { SummaryFilters } from './summaries.ts';

const Money = z.string().regex(/^-?\d+\.\d{2}$/).meta({ description: 'Exact decimal text (never a float)', example: '1520.50' });
const Rate = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .meta({ description: 'approved ÷ (approved + denied), rounded to 4 decimal places; null when neither occurred', example: 0.9132 });

export const statsBuckets = ['hour', 'day', 'week'] as const;

/** A valid IANA time zone name (as this server's Intl knows it). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const StatsQuery = SummaryFilters.extend({
  bucket: z.enum(statsBuckets).optional().default('day').meta({ description: 'Width of the series buckets (weeks start on Monday)' }),
  tz: z
    .string()
    .refine(isTimeZone, { message: 'must be an IANA time zone such as America/Sao_Paulo' })
    .optional()
    .default('UTC')
    .meta({ description: 'IANA time zone of the series buckets (default UTC)', example: 'America/Sao_Paulo' }),
  compare: z
    .enum(['previous_period'])
    .optional()
    .meta({ description: 'previous_period: also total the period of equal length just before created_at (which then needs both ends)' }),
});
export type StatsQuery = z.infer<typeof StatsQuery>;
export type StatsQueryInput = z.input<typeof StatsQuery>;

const CountAmount = z.object({ count: z.number().int(), amount: Money });

export const StatsTotals = z
  .object({
    count: z.number().int(),
    amount: Money.meta({ description: 'Sum of every matching summary, whatever its status' }),
    byStatus: z.object(Object.fromEntries(summaryStatuses.map((s) => [s, CountAmount])) as Record<(typeof summaryStatuses)[number], typeof CountAmount>),
    approvalRate: Rate,
    averageTicket: Money.nullable().meta({ description: 'Approved amount ÷ approved count, rounded half up to the cent; null without approvals' }),
    refunds: CountAmount.meta({ description: 'Summaries whose status is refunded' }),
  })
  .meta({ id: 'StatsTotals' });
export type StatsTotals = z.infer<typeof StatsTotals>;

const Slice = {
  count: z.number().int(),
  amount: Money,
  approvedCount: z.number().int(),
  approvedAmount: Money,
  deniedCount: z.number().int(),
  approvalRate: Rate,
};

export const StatsPoint = z
  .object({
    start: z.string().meta({ description: 'Start of the bucket in the time zone, with its UTC offset', example: '2026-11-01T00:00:00-03:00' }),
    ...Slice,
  })
  .meta({ id: 'StatsPoint' });
export type StatsPoint = z.infer<typeof StatsPoint>;

export const StatsBreakdownItem = z
  .object({ value: z.string().nullable().meta({ description: 'The acquirer, brand or method; null brand = no card (pix)' }), ...Slice })
  .meta({ id: 'StatsBreakdownItem' });
export type StatsBreakdownItem = z.infer<typeof StatsBreakdownItem>;

export const Stats = z
  .object({
    bucket: z.enum(statsBuckets),
    timeZone: z.string(),
    totals: StatsTotals,
    previous: z
      .object({ from: z.string(), to: z.string(), totals: StatsTotals })
      .nullable()
      .meta({ description: 'With compare=previous_period: the totals of [from, to), the period of equal length just before' }),
    series: z.array(StatsPoint).meta({ description: 'Buckets in time order; a bucket without sales is omitted' }),
    byAcquirer: z.array(StatsBreakdownItem),
    byCardBrand: z.array(StatsBreakdownItem),
    byPaymentMethod: z.array(StatsBreakdownItem),
  })
  .meta({ id: 'Stats' });
export type Stats = z.infer<typeof Stats>;
