import { Credential, type CredentialInput } from '../../../../contract/credentials.ts';
import { idempotencyKeyHeader } from '../../../../contract/headers.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /v1/credentials with an Idempotency-Key, so a retried attempt never creates a second credential. */
export async function createCredential(input: CredentialInput, idempotencyKey: string): Promise<Credential> {
  return (await api('createCredential', Credential, { body: input, headers: { [idempotencyKeyHeader]: idempotencyKey } })).data;
}
