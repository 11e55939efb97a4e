import { z } from 'zod';
import { OrderDirection } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';

/** Saved views as the API answers them (issue 11); what may be saved is in views.ts. */
export const viewPages = ['transactions', 'events'] as const;
export const ViewPage = z.enum(viewPages);
export type ViewPage = z.infer<typeof ViewPage>;

export const SavedView = z
  .object({
    id: Xid,
    name: z.string(),
    page: ViewPage,
    merchantId: z.string().nullable(),
    filters: z.record(z.string(), z.string()),
    order: z.object({ by: z.string(), direction: OrderDirection }).nullable(),
    columns: z.array(z.string()).nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewList = z.array(SavedView);
export const SavedViewQuery = z.strictObject({ page: ViewPage.optional().meta({ description: 'Only the views of this list page' }) });
export const viewReadScope = { transactions: 'transactions:read', events: 'events:read' } as const;
