import { and, eq, type SQL } from 'drizzle-orm';
import type { Credential } from '../../contract/credentials.ts';
import type { AuthenticationField } from '../../contract/providers.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { credentials, providers } from '../db/schema.ts';
import { maskAuthenticationData } from './authentication-data.ts';
import { credentialEtag } from './etag.ts';
import { merchantCondition } from '../lists/scope.ts';

type CredentialRow = typeof credentials.$inferSelect;

/** The Credential as the API returns it: secret authentication fields masked to their last 4 characters. */
export function credentialView(row: CredentialRow, fields: AuthenticationField[]): Credential {
  return {
    id: row.id,
    merchantId: row.merchantId,
    providerId: row.providerId,
    subacquirerId: row.organizationId,
    authenticationData: maskAuthenticationData(row.authenticationData, fields),
    testMode: row.testMode,
    enabled: row.enabled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The credentials a caller may see, for every read and change: its organization, its merchants for a merchant
 * token or operator, and only the token's mode (a live token sees live credentials only, a test token test ones only).
 */
export function visibleCredentials(caller: Caller): SQL[] {
  const conditions = [eq(credentials.organizationId, caller.organizationId), eq(credentials.testMode, caller.mode === 'test')];
  const merchant = merchantCondition(credentials.merchantId, caller);
  return merchant ? [...conditions, merchant] : conditions;
}

/** One credential the caller may see (visibleCredentials) with its ETag, or null. */
export async function findCredential(db: Db, caller: Caller, id: string): Promise<{ credential: Credential; etag: string } | null> {
  const conditions = [eq(credentials.id, id), ...visibleCredentials(caller)];
  const [found] = await db
    .select({ credential: credentials, fields: providers.authenticationFields })
    .from(credentials)
    .innerJoin(providers, eq(providers.id, credentials.providerId))
    .where(and(...conditions))
    .limit(1);
  return found ? { credential: credentialView(found.credential, found.fields), etag: credentialEtag(found.credential.version) } : null;
}
