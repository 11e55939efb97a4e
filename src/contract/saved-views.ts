import { z } from 'zod/mini';
import { OrderDirection } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';

/** Saved views as the API answers them (issue 11); what may be saved is in views.ts. */
export const viewPages = ['transactions', 'events'] as const;
export const ViewPage = z.enum(viewPages);
export type ViewPage = z.infer<typeof ViewPage>;

/**
 * Relative periods a view may keep instead of dates (issue 23): resolved when the view is applied, in the
 * viewer's time zone, so a "This week" view shows the current week every Monday. The dashboard's date presets.
 */
export const datePresets = ['today', 'yesterday', 'thisWeek', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export const DatePreset = z.enum(datePresets).check(
  z.meta({
    description:
      'created_at as a period relative to when the view is applied, in the viewer\'s time zone: today, yesterday, thisWeek (Monday to Sunday), last7 and last30 (days up to today), thisMonth, lastMonth',
  }),
);
export type DatePreset = z.infer<typeof DatePreset>;

export const SavedView = z
  .object({
    id: Xid,
    name: z.string(),
    page: ViewPage,
    merchantId: z.nullable(z.string()),
    filters: z.record(z.string(), z.string()),
    datePreset: z.nullable(DatePreset).check(z.meta({ description: 'extension: the period the view keeps instead of filters.created_at; null: the filters say it all' })),
    order: z.nullable(z.object({ by: z.string(), direction: OrderDirection })),
    columns: z.nullable(z.array(z.string())),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .register(z.globalRegistry, { id: 'SavedView' });
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewList = z.array(SavedView);
export const SavedViewQuery = z.strictObject({ page: z.optional(ViewPage).check(z.meta({ description: 'Only the views of this list page' })) });
export const viewReadScope = { transactions: 'transactions:read', events: 'events:read' } as const;
