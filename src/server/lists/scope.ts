import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from '../auth/authenticate.ts';
import { inline, type Bind } from '../db/prepared.ts';

/** The rows a caller may see: its organization, and its merchants for a merchant token or a merchant operator. */
export interface RowScope {
  organizationId: string;
  /** null: every merchant of the organization */
  merchantIds: readonly string[] | null;
}

export const scopeOf = (caller: Caller): RowScope => ({ organizationId: caller.organizationId, merchantIds: caller.merchantIds });

/** True when the scope sees the merchant's rows. */
export const seesMerchant = (scope: Pick<RowScope, 'merchantIds'>, merchantId: string | null | undefined): boolean =>
  scope.merchantIds === null || (merchantId != null && scope.merchantIds.includes(merchantId));

/**
 * `column = any($n::text[])`: the scope's merchants as one bound array (one statement shape whatever the set's size,
 * and a merchant_id index column still serves it); undefined for an unlimited scope.
 */
export function merchantCondition(column: AnyPgColumn | SQL, scope: Pick<RowScope, 'merchantIds'>, bind: Bind = inline, name = 'scope_merchants'): SQL | undefined {
  if (scope.merchantIds === null) return undefined;
  const value = bind(name, [...scope.merchantIds]);
  return sql`${column} = any(${Array.isArray(value) ? sql.param(value) : value}::text[])`;
}

/** "merchant A" or "merchants A, B": a limited scope's merchants in a problem's detail. */
export const merchantsText = (merchantIds: readonly string[]): string => `${merchantIds.length === 1 ? 'merchant' : 'merchants'} ${merchantIds.join(', ')}`;
