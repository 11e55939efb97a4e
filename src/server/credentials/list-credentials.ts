import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Credential, CredentialQuery } from '../../contract/credentials.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { credentials as c, providers } from '../db/schema.ts';
import { offsetOf } from '../lists/paging.ts';
import { inline } from '../db/prepared.ts';
import { keysetAfter, readDirection, type Cursor, type KeysetOrder, type KeysetPosition } from '../lists/keyset.ts';
import { cappedCount, type TotalCount } from '../lists/total-count.ts';
import { credentialView, visibleCredentials } from './read-credential.ts';

/** LIKE pattern matching `text` anywhere, its wildcards escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** WHERE of GET /v1/credentials: scope and filters; q searches the identity key (the MID/TID values, not secrets). */
export function credentialWhere(caller: Caller, query: CredentialQuery): SQL | undefined {
  const conditions = visibleCredentials(caller);
  if (query.merchant_id) conditions.push(eq(c.merchantId, query.merchant_id));
  if (query.provider_id) conditions.push(eq(c.providerId, query.provider_id));
  if (query.enabled !== undefined) conditions.push(eq(c.enabled, query.enabled));
  if (query.q) {
    // the identity key is JSON text of [name, value] pairs: search the values only, not the field names or quotes
    const values = sql`(select string_agg(pair->>1, ' ') from jsonb_array_elements(${c.identityKey}::jsonb) as pair)`;
    conditions.push(sql`${values} ilike ${containsPattern(query.q)}`);
  }
  return and(...conditions);
}

/** The keyset of the credentials order: created_at, then id. */
export const credentialKeyset = (direction: 'asc' | 'desc'): KeysetOrder => ({ list: 'credentials', key: sql`${c.createdAt}`, type: 'timestamptz', nullable: false, id: c.id, direction });

export const credentialPosition = (row: Credential): KeysetPosition => ({ value: row.createdAt, id: row.id });

export async function findCredentials(db: Db, caller: Caller, query: CredentialQuery, extra = 0, cursor: Cursor | null = null): Promise<Credential[]> {
  const keyset = credentialKeyset(query.order_direction);
  const direction = readDirection(keyset, cursor);
  const by = direction === 'asc' ? asc : desc;
  const filters = credentialWhere(caller, query);
  const rows = await db
    .select({ credential: getTableColumns(c), fields: providers.authenticationFields })
    .from(c)
    .innerJoin(providers, eq(providers.id, c.providerId))
    .where(cursor?.at ? and(filters, keysetAfter(keyset, cursor.at, direction, inline)) : filters)
    .orderBy(by(c.createdAt), by(c.id))
    .limit(query.limit + extra)
    .offset(cursor ? 0 : offsetOf(query));
  return rows.map((r) => credentialView(r.credential, r.fields));
}

export const countCredentials = (db: Db, caller: Caller, query: CredentialQuery, cap: number): Promise<TotalCount> =>
  cappedCount(db, c, credentialWhere(caller, query), cap);
