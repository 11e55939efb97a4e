import { and, eq } from 'drizzle-orm';
import { apiPath } from '../../contract/endpoints.ts';
import type { Credential, CredentialInput } from '../../contract/credentials.ts';
import type { Provider } from '../../contract/providers.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { credentials, idempotencyKeys, merchants, providers } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import { xid } from '../lib/xid.ts';
import { checkAuthenticationData, identityKey } from './authentication-data.ts';
import { diffCredential, recordHistory } from './history.ts';
import { credentialView } from './read-credential.ts';
import { merchantsText, seesMerchant } from '../lists/scope.ts';

export type CreateResult = { kind: 'created'; credential: Credential } | { kind: 'conflict'; existingId: string };

/** Checks the body against the provider and the caller; returns the provider. Throws 400/403 problems. */
export async function checkCredentialInput(db: Db, caller: Caller, input: CredentialInput): Promise<Provider> {
  if (caller.merchantIds !== null && !seesMerchant(caller, input.merchantId)) {
    throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: `This token may only act for ${merchantsText(caller.merchantIds)}.` });
  }
  const [provider] = await db.select().from(providers).where(eq(providers.id, input.providerId)).limit(1);
  if (!provider) throw badRequest('Unknown providerId.', [{ pointer: '/providerId', detail: 'is not a provider id from GET /v1/providers' }]);
  if (provider.name !== input.providerName) {
    const detail = `providerName "${input.providerName}" does not match providerId ${provider.id} ("${provider.name}")`;
    throw badRequest('providerName does not match providerId.', [
      { pointer: '/providerId', detail },
      { pointer: '/providerName', detail },
    ]);
  }
  const authErrors = checkAuthenticationData(input.authenticationData, provider.authenticationFields);
  if (authErrors.length > 0) throw badRequest(`authenticationData is invalid for ${provider.name}.`, authErrors);
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.id, input.merchantId), eq(merchants.organizationId, caller.organizationId)))
    .limit(1);
  if (!merchant) throw badRequest('Unknown merchantId.', [{ pointer: '/merchantId', detail: 'is not a merchant of your organization' }]);
  return provider as Provider;
}

export const credentialLocation = (id: string) => apiPath('getCredential', { id });

/**
 * Inserts the credential, its 'created' history entry and, for a claimed Idempotency-Key, its response, in one transaction.
 * Race-safe via the unique identity index.
 */
export async function insertCredential(
  db: Db,
  caller: Caller,
  input: CredentialInput,
  provider: Provider,
  idempotencyKey: string | null,
): Promise<CreateResult> {
  const status = input.status ?? 'connected';
  const key = identityKey(input.authenticationData, provider.authenticationFields);
  const testMode = caller.mode === 'test';
  const result = await db.transaction(async (tx): Promise<CreateResult> => {
    const [row] = await tx
      .insert(credentials)
      .values({
        id: xid(),
        organizationId: caller.organizationId,
        merchantId: input.merchantId,
        providerId: provider.id,
        authenticationData: input.authenticationData,
        identityKey: key,
        additionalData: input.additionalData ?? null,
        status,
        testMode,
        enabled: status === 'connected',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { kind: 'conflict', existingId: '' };
    const credential = credentialView(row, provider.authenticationFields);
    const changes = diffCredential(null, row, provider.authenticationFields);
    await recordHistory(tx, { credentialId: row.id, tokenId: caller.tokenId, action: 'created', changes });
    if (idempotencyKey !== null) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 201, responseBody: credential, location: credentialLocation(row.id) })
        .where(and(eq(idempotencyKeys.tokenId, caller.tokenId), eq(idempotencyKeys.key, idempotencyKey)));
    }
    return { kind: 'created', credential };
  });
  if (result.kind !== 'conflict') return result;
  const [existing] = await db
    .select({ id: credentials.id })
    .from(credentials)
    .where(
      and(
        eq(credentials.organizationId, caller.organizationId),
        eq(credentials.merchantId, input.merchantId),
        eq(credentials.providerId, provider.id),
        eq(credentials.testMode, testMode),
        eq(credentials.identityKey, key),
      ),
    )
    .limit(1);
  if (!existing) throw new Error('credential insert conflicted but no credential matches');
  return { kind: 'conflict', existingId: existing.id };
}
