import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { SavedView, ViewPage } from '../../contract/saved-views.ts';
import type { SavedViewInput } from '../../contract/views.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { savedViews as v } from '../db/schema.ts';
import { xid } from '../lib/xid.ts';
import { merchantCondition } from '../lists/scope.ts';

export type ViewRow = typeof v.$inferSelect;

/** The views a caller sees: the organization's all for an organization token; shared + its merchants' own for a merchant token or operator. */
export function visibleTo(caller: Caller): SQL | undefined {
  const own = merchantCondition(v.merchantId, caller);
  return and(eq(v.organizationId, caller.organizationId), own === undefined ? undefined : or(isNull(v.merchantId), own));
}

export function viewOf(row: ViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    page: row.page,
    merchantId: row.merchantId,
    filters: row.filters,
    datePreset: (row.datePreset as SavedView['datePreset']) ?? null,
    order: row.orderBy && row.orderDirection ? { by: row.orderBy, direction: row.orderDirection } : null,
    columns: row.columns,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listViews(db: Db, caller: Caller, pages: ViewPage[]): Promise<ViewRow[]> {
  const rows = await db.select().from(v).where(visibleTo(caller)).orderBy(asc(v.page), asc(v.name), asc(v.id));
  return rows.filter((row) => pages.includes(row.page));
}

export async function findView(db: Db, caller: Caller, id: string): Promise<ViewRow | undefined> {
  const [row] = await db.select().from(v).where(and(visibleTo(caller), eq(v.id, id)));
  return row;
}

/** The stored columns of a validated view. */
export function viewColumns(input: SavedViewInput) {
  return {
    name: input.name,
    filters: Object.fromEntries(Object.entries(input.filters).filter(([, value]) => value !== undefined)) as Record<string, string>,
    datePreset: input.datePreset ?? null,
    orderBy: input.order?.by ?? null,
    orderDirection: input.order?.direction ?? null,
    columns: input.columns ?? null,
  };
}

export async function insertView(db: Db, organizationId: string, merchantId: string | null, input: SavedViewInput): Promise<ViewRow> {
  const [row] = await db
    .insert(v)
    .values({ id: xid(), organizationId, merchantId, page: input.page, ...viewColumns(input) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new NameTaken(await sameName(db, organizationId, merchantId, input));
  return row;
}

export async function updateView(db: Db, existing: ViewRow, input: SavedViewInput): Promise<ViewRow> {
  const clash = await sameName(db, existing.organizationId, existing.merchantId, input);
  if (clash && clash !== existing.id) throw new NameTaken(clash);
  const [row] = await db
    .update(v)
    .set({ ...viewColumns(input), updatedAt: new Date() })
    .where(eq(v.id, existing.id))
    .returning();
  if (!row) throw new Error('view vanished during update');
  return row;
}

export async function deleteView(db: Db, id: string): Promise<void> {
  await db.delete(v).where(eq(v.id, id));
}

async function sameName(db: Db, organizationId: string, merchantId: string | null, input: SavedViewInput): Promise<string | undefined> {
  const [row] = await db
    .select({ id: v.id })
    .from(v)
    .where(and(eq(v.organizationId, organizationId), eq(v.page, input.page), eq(v.name, input.name), merchantId === null ? isNull(v.merchantId) : eq(v.merchantId, merchantId)));
  return row?.id;
}

export class NameTaken extends Error {
  constructor(readonly existingId: string | undefined) {
    super('a view with that name exists');
  }
}
