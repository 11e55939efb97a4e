import { Credential, type CredentialInput } from '../../../../contract/credentials.ts';
import { idempotencyKeyHeader } from '../../../../contract/headers.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { apiPath } from '../../../../contract/endpoints.ts';

/** POST /v1/credentials with an Idempotency-Key, so a retried attempt never creates a second credential. */
export async function createCredential(input: CredentialInput, idempotencyKey: string): Promise<Credential> {
  return (await apiPost(apiPath('createCredential'), input, Credential, { headers: { [idempotencyKeyHeader]: idempotencyKey } })).data;
}
