import { and, eq, ne } from 'drizzle-orm';
import type { Credential, CredentialPatch } from '../../contract/credentials.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { credentials as c, providers } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import { checkAuthenticationData, identityKey } from './authentication-data.ts';
import { credentialEtag, staleProblem } from './etag.ts';
import { diffCredential, recordHistory } from './history.ts';
import { credentialView, visibleCredentials } from './read-credential.ts';

export interface UpdatedCredential {
  credential: Credential;
  etag: string;
}

const duplicateProblem = (existingId: string) =>
  new ApiProblem({
    status: 409,
    type: 'credential-exists',
    detail: `This change would duplicate the credential ${existingId} (same merchant, provider, MID and TID).`,
    existingId,
  });

/**
 * Applies a PATCH when `ifMatch` names the current version: enabled and/or authentication values (merged:
 * omitted keys keep their value, "" clears one). A change to nothing is a no-op (no new version, no history).
 * The conditional UPDATE (WHERE version = the one read) makes two concurrent PATCHes one 200 and one 412.
 */
export async function updateCredential(db: Db, caller: Caller, id: string, ifMatch: string[], patch: CredentialPatch): Promise<UpdatedCredential> {
  const [found] = await db
    .select({ row: c, fields: providers.authenticationFields, providerName: providers.name })
    .from(c)
    .innerJoin(providers, eq(providers.id, c.providerId))
    .where(and(eq(c.id, id), ...visibleCredentials(caller)))
    .limit(1);
  if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${id} for this token.` });
  const { row, fields } = found;
  if (!ifMatch.includes(credentialEtag(row.version))) throw staleProblem(credentialEtag(row.version));

  const data = { ...row.authenticationData };
  for (const [name, value] of Object.entries(patch.authenticationData ?? {})) {
    if (value === '') delete data[name];
    else data[name] = value;
  }
  const errors = checkAuthenticationData(data, fields);
  if (errors.length > 0) throw badRequest(`authenticationData is invalid for ${found.providerName}.`, errors);
  const enabled = patch.enabled ?? row.enabled;
  const changes = diffCredential(row, { enabled, authenticationData: data }, fields);
  if (changes.length === 0) return { credential: credentialView(row, fields), etag: credentialEtag(row.version) };

  const key = identityKey(data, fields);
  const sameIdentity = and(
    eq(c.organizationId, row.organizationId),
    eq(c.merchantId, row.merchantId),
    eq(c.providerId, row.providerId),
    eq(c.testMode, row.testMode),
    eq(c.identityKey, key),
    ne(c.id, row.id),
  );
  const duplicateOf = async () => (await db.select({ id: c.id }).from(c).where(sameIdentity).limit(1))[0]?.id;
  if (key !== row.identityKey) {
    const existing = await duplicateOf();
    if (existing) throw duplicateProblem(existing);
  }
  try {
    const updated = await db.transaction(async (tx) => {
      const [next] = await tx
        .update(c)
        .set({ authenticationData: data, identityKey: key, enabled, status: enabled ? 'connected' : 'disconnected', version: row.version + 1, updatedAt: new Date() })
        .where(and(eq(c.id, row.id), eq(c.version, row.version)))
        .returning();
      if (!next) return null;
      await recordHistory(tx, { credentialId: row.id, tokenId: caller.tokenId, action: 'updated', changes });
      return next;
    });
    if (!updated) {
      const [current] = await db.select({ version: c.version }).from(c).where(eq(c.id, row.id));
      throw staleProblem(credentialEtag(current?.version ?? row.version + 1));
    }
    return { credential: credentialView(updated, fields), etag: credentialEtag(updated.version) };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await duplicateOf();
    if (!existing) throw error;
    throw duplicateProblem(existing);
  }
}
