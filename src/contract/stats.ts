import { z } from 'zod/mini';
import { summaryStatuses } from './enums.ts';
import { SummaryFilters } from './summaries.ts';
import { isTimeZone, timeZoneMessage } from './time-zone.ts';

const Money = z.string().check(z.regex(/^-?\d+\.\d{2}$/), z.meta({ description: 'Exact decimal text (never a float)', example: '1520.50' }));
const Rate = z
  .nullable(z.number().check(z.minimum(0), z.maximum(1)))
  .check(z.meta({ description: 'approved ÷ (approved + denied), rounded to 4 decimal places; null when neither occurred', example: 0.9132 }));
const Count = () => z.number().check(z.int());

export const statsBuckets = ['hour', 'day', 'week'] as const;

export const StatsQuery = z.extend(SummaryFilters, {
  bucket: z._default(z.optional(z.enum(statsBuckets)), 'day').check(z.meta({ description: 'Width of the series buckets (weeks start on Monday)' })),
  tz: z
    ._default(z.optional(z.string().check(z.refine(isTimeZone, { message: timeZoneMessage }))), 'UTC')
    .check(z.meta({ description: 'IANA time zone of the series buckets (default UTC)', example: 'America/Sao_Paulo' })),
  compare: z
    .optional(z.enum(['previous_period']))
    .check(
      z.meta({
        description:
          'previous_period: also total the period of equal length just before created_at (which then needs both ends); while created_at is running (its end is after now), only the same elapsed span of that period',
      }),
    ),
});
export type StatsQuery = z.infer<typeof StatsQuery>;
export type StatsQueryInput = z.input<typeof StatsQuery>;

const CountAmount = z.object({ count: Count(), amount: Money });

export const StatsTotals = z
  .object({
    count: Count(),
    amount: Money.check(z.meta({ description: 'Sum of every matching summary, whatever its status' })),
    byStatus: z.object(Object.fromEntries(summaryStatuses.map((s) => [s, CountAmount])) as Record<(typeof summaryStatuses)[number], typeof CountAmount>),
    approvalRate: Rate,
    averageTicket: z.nullable(Money).check(z.meta({ description: 'Approved amount ÷ approved count, rounded half up to the cent; null without approvals' })),
    captured: CountAmount.check(
      z.meta({
        description:
          'Gross volume: the sales that stand captured (approved, partially_refunded, refunded) and the sum of their approved capture cycles, refunds not deducted',
      }),
    ),
    refunds: CountAmount.check(
      z.meta({
        description:
          'The sales with approved refunds (partially_refunded or refunded) and the sum of their approved refund cycles: what was refunded, not the sales\' amounts',
      }),
    ),
    netAmount: Money.check(z.meta({ description: 'captured.amount − refunds.amount: what the merchants kept' })),
  })
  .register(z.globalRegistry, { id: 'StatsTotals' });
export type StatsTotals = z.infer<typeof StatsTotals>;

const Slice = {
  count: Count(),
  amount: Money,
  approvedCount: Count(),
  approvedAmount: Money,
  deniedCount: Count(),
  approvalRate: Rate,
};

export const StatsPoint = z
  .object({
    start: z.string().check(z.meta({ description: 'Start of the bucket in the time zone, with its UTC offset', example: '2026-11-01T00:00:00-03:00' })),
    ...Slice,
  })
  .register(z.globalRegistry, { id: 'StatsPoint' });
export type StatsPoint = z.infer<typeof StatsPoint>;

export const StatsBreakdownItem = z
  .object({ value: z.nullable(z.string()).check(z.meta({ description: 'The acquirer, brand or method; null brand = no card (pix)' })), ...Slice })
  .register(z.globalRegistry, { id: 'StatsBreakdownItem' });
export type StatsBreakdownItem = z.infer<typeof StatsBreakdownItem>;

export const Stats = z
  .object({
    bucket: z.enum(statsBuckets),
    timeZone: z.string(),
    totals: StatsTotals,
    previous: z
      .nullable(
        z.object({
          from: z.string(),
          to: z.string(),
          until: z.nullable(z.string()).check(
            z.meta({
              description:
                'Set while the period is running (created_at reaches past now): the instant (now) it is compared up to; [from, to) is then the same elapsed span of the previous period',
            }),
          ),
          totals: StatsTotals,
        }),
      )
      .check(
        z.meta({
          description:
            'With compare=previous_period: the totals of [from, to), the period of equal length just before; like for like while the period is running (see until)',
        }),
      ),
    series: z.array(StatsPoint).check(z.meta({ description: 'Buckets in time order; a bucket without sales is omitted' })),
    byAcquirer: z.array(StatsBreakdownItem),
    byCardBrand: z.array(StatsBreakdownItem),
    byPaymentMethod: z.array(StatsBreakdownItem),
  })
  .register(z.globalRegistry, { id: 'Stats' });
export type Stats = z.infer<typeof Stats>;
