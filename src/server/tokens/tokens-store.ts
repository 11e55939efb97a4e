import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { ApiToken, ApiTokenQuery, ApiTokenRequest } from '../../contract/people.ts';
import type { Scope } from '../../contract/enums.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, merchants, people } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { merchantsText } from '../lists/scope.ts';
import type { ListSpec } from '../lists/list-route.ts';
import { offsetOf } from '../lists/paging.ts';

const columns = {
  id: accessTokens.id,
  name: accessTokens.name,
  scopes: accessTokens.scopes,
  mode: accessTokens.mode,
  merchantId: accessTokens.merchantId,
  createdAt: accessTokens.createdAt,
  lastUsedAt: accessTokens.lastUsedAt,
  revokedAt: accessTokens.revokedAt,
  ownerId: people.id,
  ownerEmail: people.email,
};
export type TokenListRow = { id: string; name: string; scopes: string[]; mode: 'live' | 'test'; merchantId: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null; ownerId: string | null; ownerEmail: string | null };

/** Machine tokens only: a person's own access token (kind 'person') is not listed, created or revoked here. */
const machineOf = (organizationId: string) => and(eq(accessTokens.organizationId, organizationId), eq(accessTokens.kind, 'api'));

const select = (db: Db) => db.select(columns).from(accessTokens).leftJoin(people, eq(people.id, accessTokens.createdBy));

export const tokenList: ListSpec<ApiTokenQuery, TokenListRow> = {
  name: 'tokens',
  replica: false,
  find: (db: Db, caller: Caller, query, extra) =>
    select(db)
      .where(machineOf(caller.organizationId))
      .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id))
      .limit(query.limit + extra)
      .offset(offsetOf(query)),
  count: async (db: Db, caller: Caller) => {
    const [row] = await db.select({ n: count() }).from(accessTokens).where(machineOf(caller.organizationId));
    return { value: row?.n ?? 0, exact: true };
  },
};

export async function findApiToken(db: Db, organizationId: string, id: string): Promise<TokenListRow | null> {
  const [row] = await select(db).where(and(machineOf(organizationId), eq(accessTokens.id, id)));
  return row ?? null;
}

/** Revokes an active machine token of the organization; null when there is none with that id (or it was revoked). */
export async function revokeApiToken(db: Db, organizationId: string, id: string): Promise<TokenListRow | null> {
  const done = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(machineOf(organizationId), eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return done.length === 0 ? null : findApiToken(db, organizationId, id);
}

/**
 * What a maker may grant: no scope they lack, and their own merchant limit (a merchant-limited maker makes tokens
 * limited to one of its merchants; a machine token keeps a single merchant); a merchant named must be the organization's. Answers the token's merchant limit.
 */
export async function checkTokenGrant(db: Db, caller: Caller, input: ApiTokenRequest): Promise<string | null> {
  const lacking = input.scopes.filter((scope: Scope) => !caller.scopes.includes(scope));
  if (lacking.length > 0) throw new ApiProblem({ status: 403, type: 'scope-not-grantable', detail: `A token cannot get scopes its maker lacks: ${lacking.join(', ')}.` });
  const own = caller.merchantIds;
  const merchantId = input.merchantId ?? (own?.length === 1 ? (own[0] ?? null) : null);
  if (own !== null && (merchantId === null || !own.includes(merchantId))) {
    throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: `You act for ${merchantsText(own)}: your tokens are limited to one of them (merchantId).` });
  }
  if (merchantId !== null) {
    const [found] = await db.select({ id: merchants.id }).from(merchants).where(and(eq(merchants.id, merchantId), eq(merchants.organizationId, caller.organizationId)));
    if (!found) throw new ApiProblem({ status: 400, detail: `No merchant ${merchantId} in this organization.` });
  }
  return merchantId;
}

export const tokenView = (row: TokenListRow): ApiToken => ({
  id: row.id,
  name: row.name,
  scopes: row.scopes as Scope[],
  mode: row.mode,
  merchantId: row.merchantId,
  createdBy: row.ownerId && row.ownerEmail ? { id: row.ownerId, email: row.ownerEmail } : null,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
