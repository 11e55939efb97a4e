import { z } from 'zod/mini';
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
    merchantId: z.nullable(z.string()),
    filters: z.record(z.string(), z.string()),
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
