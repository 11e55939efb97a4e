import { z } from 'zod';
import { OrderDirection, SummaryOrderField } from './enums.ts';
import { EventFilters } from './events.ts';
import { eventColumnIds, summaryColumnIds } from './export.ts';
import { Xid } from './ids.ts';
import { SummaryFilters } from './summaries.ts';

/**
 * Saved views (issue 11): a list page's filters, order and columns under a name, shared in the organization. The
 * inputs (validated against each page's query); the view as read is in saved-views.ts (light: the dashboard loads
 * it on every list page, without the other page's contract).
 */

const name = z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters');
const merchantId = Xid.nullable()
  .optional()
  .meta({ description: 'The merchant whose view this is; null or absent: shared with the whole organization. A merchant token always saves for its own merchant.' });

function columnList<T extends string>(ids: readonly [T, ...T[]]) {
  return z
    .array(z.enum(ids))
    .min(1, 'must name at least one column')
    .refine((list) => new Set(list).size === list.length, 'must not repeat a column')
    .nullable()
    .optional()
    .meta({ description: 'Visible columns in order (the CSV export column ids); null: the list default' });
}

const TransactionsView = z.strictObject({
  name,
  page: z.literal('transactions'),
  merchantId,
  filters: SummaryFilters.optional().default({}).meta({ description: 'Query parameters of GET /v1/transactions/summaries, as text' }),
  order: z.strictObject({ by: SummaryOrderField, direction: OrderDirection }).nullable().optional(),
  columns: columnList(summaryColumnIds),
});

const EventsView = z.strictObject({
  name,
  page: z.literal('events'),
  merchantId,
  filters: EventFilters.optional().default({}).meta({ description: 'Query parameters of GET /v1/events, as text' }),
  order: z.strictObject({ by: z.literal('created_at'), direction: OrderDirection }).nullable().optional(),
  columns: columnList(eventColumnIds),
});

export const SavedViewInput = z.discriminatedUnion('page', [TransactionsView, EventsView]);
export type SavedViewInput = z.infer<typeof SavedViewInput>;

/** PATCH: any of name, filters (replaced whole), order and columns; page and owner stay. */
export const SavedViewPatch = z
  .strictObject({
    name: name.optional(),
    filters: z.record(z.string(), z.string()).optional(),
    order: z.strictObject({ by: z.string(), direction: OrderDirection }).nullable().optional(),
    columns: z.array(z.string()).nullable().optional(),
  })
  .meta({ description: 'Validated against the view page like a new view' });
export type SavedViewPatch = z.infer<typeof SavedViewPatch>;

