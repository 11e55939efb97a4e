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
 * The scope's merchants as a condition; undefined for an unlimited scope. One merchant (a merchant token, an operator
 * of one): `column = $n`, the statement it always was, whose generic plan reads the (organization, merchant, …)
 * index. Several: `column = any($n::text[])`, one bound array, one statement shape whatever the set's size (a
 * generic plan cannot know how many merchants an array holds, so it reads the list's own order index and checks the
 * merchant in it; docs/people-and-access.md has the measurements). The two bind different names, so a prepared
 * statement of one shape never serves the other.
 */
export function merchantCondition(column: AnyPgColumn | SQL, scope: Pick<RowScope, 'merchantIds'>, bind: Bind = inline): SQL | undefined {
  if (scope.merchantIds === null) return undefined;
  if (scope.merchantIds.length === 1) return sql`${column} = ${bind('scope_merchant', scope.merchantIds[0])}`;
  const value = bind('scope_merchants', [...scope.merchantIds]);
  return sql`${column} = any(${Array.isArray(value) ? sql.param(value) : value}::text[])`;
}

/** "merchant A" or "merchants A, B": a limited scope's merchants in a problem's detail. */
export const merchantsText = (merchantIds: readonly string[]): string => `${merchantIds.length === 1 ? 'merchant' : 'merchants'} ${merchantIds.join(', ')}`;
