import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Merchant, MerchantInput, MerchantQuery } from '../../contract/merchants.ts';
import type { Db } from '../db/client.ts';
import { merchants as m } from '../db/schema.ts';
import { offsetOf } from '../lists/paging.ts';
import { inline } from '../db/prepared.ts';
import { keysetAfter, readDirection, type Cursor, type KeysetOrder, type KeysetPosition } from '../lists/keyset.ts';
import { xid } from '../lib/xid.ts';
import { containsPattern } from '../credentials/list-credentials.ts';
import { merchantCondition, type RowScope } from '../lists/scope.ts';
import type { ListSpec } from '../lists/list-route.ts';
import { cappedCount, type TotalCount } from '../lists/total-count.ts';

/** Lower case without accents, as merchants.search_name keeps the name (a generated column). */
export const foldText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** WHERE of GET /v1/merchants: the organization (its merchants for a merchant token or operator); q over the name or the CNPJ's start. */
export function merchantWhere(caller: RowScope, query: MerchantQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(m.organizationId, caller.organizationId)];
  conditions.push(merchantCondition(m.id, caller));
  if (query.q) {
    const byName = sql`${m.searchName} like ${containsPattern(foldText(query.q))}`;
    const digits = query.q.replace(/[.\-/\s]/g, '');
    conditions.push(/^\d+$/.test(digits) ? sql`(${byName} or ${m.taxId} like ${`${digits}%`})` : byName);
  }
  return and(...conditions);
}

export function merchantView(row: Omit<typeof m.$inferSelect, 'searchName'>): Merchant {
  return { id: row.id, name: row.name, taxId: row.taxId, mcc: row.mcc, feePlanId: row.feePlanId, createdAt: row.createdAt.toISOString() };
}

/** The keyset of a merchants order: name (the column's collation, as ORDER BY) or created_at, then id. */
export const merchantKeyset = (orderBy: MerchantQuery['order_by'], direction: 'asc' | 'desc'): KeysetOrder =>
  orderBy === 'name'
    ? { list: 'merchants', key: sql`${m.name}`, type: 'text', nullable: false, id: m.id, direction }
    : { list: 'merchants', key: sql`${m.createdAt}`, type: 'timestamptz', nullable: false, id: m.id, direction };

export const merchantPosition = (orderBy: MerchantQuery['order_by'], row: Merchant): KeysetPosition => ({ value: orderBy === 'name' ? row.name : row.createdAt, id: row.id });

export async function findMerchants(db: Db, caller: RowScope, query: MerchantQuery, extra = 0, cursor: Cursor | null = null): Promise<Merchant[]> {
  const keyset = merchantKeyset(query.order_by, query.order_direction);
  const direction = readDirection(keyset, cursor);
  const by = direction === 'asc' ? asc : desc;
  const order = query.order_by === 'name' ? [by(m.name), by(m.id)] : [by(m.createdAt), by(m.id)];
  const filters = merchantWhere(caller, query);
  const rows = await db
    .select()
    .from(m)
    .where(cursor?.at ? and(filters, keysetAfter(keyset, cursor.at, direction, inline)) : filters)
    .orderBy(...order)
    .limit(query.limit + extra)
    .offset(cursor ? 0 : offsetOf(query));
  return rows.map(merchantView);
}

export const countMerchants = (db: Db, caller: RowScope, query: MerchantQuery, cap: number): Promise<TotalCount> =>
  cappedCount(db, m, merchantWhere(caller, query), cap);

/**
 * Inserts a merchant unless the organization already has one with that CNPJ (then returns its id and name), with
 * the price plan onboarding picked (checked by `checkPlan`, 422 otherwise) or none: the organization's default.
 */
export async function insertMerchant(
  db: Db,
  organizationId: string,
  input: MerchantInput,
  checkPlan: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], planId: string) => Promise<void>,
): Promise<{ created: Merchant } | { existing: { id: string; name: string } }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: m.id, name: m.name })
      .from(m)
      .where(and(eq(m.organizationId, organizationId), eq(m.taxId, input.taxId)))
      .limit(1);
    if (existing) return { existing };
    if (input.feePlanId !== undefined) await checkPlan(tx, input.feePlanId);
    const [row] = await tx.insert(m).values({ id: xid(), organizationId, name: input.name, taxId: input.taxId, mcc: input.mcc, feePlanId: input.feePlanId ?? null }).returning();
    if (!row) throw new Error('merchant insert returned no row');
    return { created: merchantView(row) };
  });
}

/** GET /v1/merchants as a list (the primary database: a merchant just added is found at once). */
export const merchantList: ListSpec<MerchantQuery, Merchant, RowScope> = {
  name: 'merchants',
  replica: false,
  find: findMerchants,
  count: countMerchants,
  keyset: {
    orderBy: (query) => query.order_by,
    direction: (query) => query.order_direction,
    order: (query) => merchantKeyset(query.order_by, query.order_direction),
    position: (query) => (row) => merchantPosition(query.order_by, row),
  },
};
