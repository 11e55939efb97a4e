import { z } from 'zod/mini';
import { OrderDirection, SummaryOrderField } from './enums.ts';
import { DatePreset } from './saved-views.ts';
import { EventFilters } from './events.ts';
import { eventColumnIds, summaryColumnIds } from './export.ts';
import { Xid } from './ids.ts';
import { SummaryFilters } from './summaries.ts';

/**
 * Saved views (issue 11): a list page's filters, order and columns under a name, shared in the organization. The
 * inputs (validated against each page's query); the view as read is in saved-views.ts (light: the dashboard loads
 * it on every list page, without the other page's contract).
 */

const name = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(80, 'must be at most 80 characters'));
const merchantId = z
  .optional(z.nullable(Xid))
  .check(
    z.meta({ description: 'The merchant whose view this is; null or absent: shared with the whole organization. A merchant token always saves for its own merchant.' }),
  );

function columnList<T extends string>(ids: readonly [T, ...T[]]) {
  const list = z
    .array(z.enum(ids))
    .check(z.minLength(1, 'must name at least one column'), z.refine((list) => new Set(list).size === list.length, 'must not repeat a column'));
  return z.optional(z.nullable(list)).check(z.meta({ description: 'Visible columns in order (the CSV export column ids); null: the list default' }));
}

const datePreset = z
  .optional(z.nullable(DatePreset))
  .check(z.meta({ description: 'A relative period kept instead of filters.created_at (which must then be absent); null or absent: none' }));

/** A view keeps either a relative period or dates, never both. */
const oneCreatedAt = z.refine<{ filters: { created_at?: string }; datePreset?: DatePreset | null }>((view) => !(view.datePreset && view.filters.created_at !== undefined), {
  message: 'give either datePreset or filters.created_at, not both',
  path: ['datePreset'],
});

const TransactionsView = z.strictObject({
  name,
  page: z.literal('transactions'),
  merchantId,
  filters: z._default(z.optional(SummaryFilters), {}).check(z.meta({ description: 'Query parameters of GET /v1/transactions/summaries, as text' })),
  datePreset,
  order: z.optional(z.nullable(z.strictObject({ by: SummaryOrderField, direction: OrderDirection }))),
  columns: columnList(summaryColumnIds),
}).check(oneCreatedAt);

const EventsView = z.strictObject({
  name,
  page: z.literal('events'),
  merchantId,
  filters: z._default(z.optional(EventFilters), {}).check(z.meta({ description: 'Query parameters of GET /v1/events, as text' })),
  datePreset,
  order: z.optional(z.nullable(z.strictObject({ by: z.literal('created_at'), direction: OrderDirection }))),
  columns: columnList(eventColumnIds),
}).check(oneCreatedAt);

export const SavedViewInput = z.discriminatedUnion('page', [TransactionsView, EventsView]);
export type SavedViewInput = z.infer<typeof SavedViewInput>;

/** PATCH: any of name, filters (replaced whole), order and columns; page and owner stay. */
export const SavedViewPatch = z
  .strictObject({
    name: z.optional(name),
    filters: z.optional(z.record(z.string(), z.string())),
    datePreset: z.optional(z.nullable(DatePreset)).check(
      z.meta({ description: 'A relative period in place of filters.created_at; new filters with a created_at and no datePreset drop the old preset' }),
    ),
    order: z.optional(z.nullable(z.strictObject({ by: z.string(), direction: OrderDirection }))),
    columns: z.optional(z.nullable(z.array(z.string()))),
  })
  .check(z.meta({ description: 'Validated against the view page like a new view' }));
export type SavedViewPatch = z.infer<typeof SavedViewPatch>;

