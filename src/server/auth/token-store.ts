import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Scope, TokenMode } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { roleNames, roles } from '../../contract/roles.ts';
import { accessTokens, organizations, people, personMerchants } from '../db/schema.ts';
import { xid } from '../lib/xid.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function generateToken(mode: TokenMode): string {
  return `acq_${mode}_${randomBytes(32).toString('base64url')}`;
}

export interface NewToken {
  name: string;
  organizationId: string;
  scopes: Scope[];
  mode: TokenMode;
  merchantId?: string | null;
  /** the opaque value; a random one is made when absent */
  token?: string;
  /** the person who made it (the dashboard's API tokens page); null from the command line */
  createdBy?: string | null;
}

export async function createToken(db: Db, input: NewToken): Promise<{ id: string; token: string }> {
  const token = input.token ?? generateToken(input.mode);
  const id = xid();
  await db.insert(accessTokens).values({
    id,
    name: input.name,
    organizationId: input.organizationId,
    merchantId: input.merchantId ?? null,
    scopes: [...new Set(input.scopes)],
    mode: input.mode,
    tokenHash: hashToken(token),
    createdBy: input.createdBy ?? null,
  });
  return { id, token };
}

export interface TokenRow {
  id: string;
  name: string;
  organizationId: string;
  merchantId: string | null;
  scopes: string[];
  mode: TokenMode;
  createdAt: Date;
  revokedAt: Date | null;
}

export async function listTokens(db: Db): Promise<TokenRow[]> {
  return db
    .select({
      id: accessTokens.id,
      name: accessTokens.name,
      organizationId: accessTokens.organizationId,
      merchantId: accessTokens.merchantId,
      scopes: accessTokens.scopes,
      mode: accessTokens.mode,
      createdAt: accessTokens.createdAt,
      revokedAt: accessTokens.revokedAt,
    })
    .from(accessTokens)
    .orderBy(asc(accessTokens.createdAt), asc(accessTokens.id));
}

/** Returns false when no active token has that id. */
export async function revokeToken(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

export interface TokenIdentity {
  tokenId: string;
  organizationId: string;
  organizationName: string;
  /** the merchants it may act for: a machine token's one merchant, a merchant operator's set; null: every merchant */
  merchantIds: string[] | null;
  scopes: string[];
  mode: TokenMode;
  revoked: boolean;
  /** the person a 'person' token stands for (their dashboard sessions); null for a machine token */
  personId: string | null;
}

const limitedRoles = roleNames.filter((role) => roles[role].merchantLimited);

/**
 * The merchant limit of a token: a machine token's access_tokens.merchant_id, a person's person_merchants (issue 24).
 * A person of a merchant-limited role without merchants gets an empty set (sees nothing), never every merchant.
 */
const merchantLimit = sql<string[] | null>`case
  when ${accessTokens.personId} is null then case when ${accessTokens.merchantId} is null then null else array[${accessTokens.merchantId}] end
  else (select case when p.role in ${limitedRoles} then coalesce(array_agg(pm.merchant_id order by pm.merchant_id) filter (where pm.merchant_id is not null), '{}') end
          from ${people} p left join ${personMerchants} pm on pm.person_id = p.id where p.id = ${accessTokens.personId} group by p.role)
  end`;

/** The columns of a TokenIdentity (with revokedAt), for a select joining access_tokens and organizations. */
export const identityColumns = {
  tokenId: accessTokens.id,
  organizationId: accessTokens.organizationId,
  organizationName: organizations.name,
  merchantIds: merchantLimit,
  scopes: accessTokens.scopes,
  mode: accessTokens.mode,
  revokedAt: accessTokens.revokedAt,
  personId: accessTokens.personId,
};

export const findToken = (db: Db, token: string): Promise<TokenIdentity | null> => findTokenByHash(db, hashToken(token));

/** The statement of a token lookup, built and prepared once (a named statement on PostgreSQL). */
const tokenLookups = new WeakMap<Db, ReturnType<typeof prepareTokenLookup>>();

function prepareTokenLookup(db: Db) {
  return db
    .select(identityColumns)
    .from(accessTokens)
    .innerJoin(organizations, eq(organizations.id, accessTokens.organizationId))
    .where(eq(accessTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('acq_token_lookup');
}

export async function findTokenByHash(db: Db, hash: string): Promise<TokenIdentity | null> {
  let lookup = tokenLookups.get(db);
  if (!lookup) tokenLookups.set(db, (lookup = prepareTokenLookup(db)));
  const [row] = await lookup.execute({ hash });
  if (!row) return null;
  const { revokedAt, ...identity } = row;
  return { ...identity, revoked: revokedAt !== null };
}
