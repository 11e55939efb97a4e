import { z } from 'zod';
import { Credential, CredentialInput } from '../../contract/credentials.ts';
import { idempotencyKeyHeader } from '../../contract/headers.ts';
import { callerOf } from '../auth/authenticate.ts';
import { checkCredentialInput, credentialLocation, insertCredential } from '../credentials/create-credential.ts';
import { credentialEtag } from '../credentials/etag.ts';
import { findCredential } from '../credentials/read-credential.ts';
import { findReplay, idempotencyKeyPattern, requestHash, type StoredResponse } from '../credentials/idempotency.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { noQuery } from '../lib/no-query.ts';
import { problemResponses } from '../lib/openapi-docs.ts';

export const CredentialParams = z.object({ id: z.string().meta({ description: 'The credential id (from the Location header of POST /v1/credentials)' }) });

const Headers = z.object({
  [idempotencyKeyHeader]: z
    .string()
    .optional()
    .meta({ description: 'Extension: a retried POST with the same key and body returns the first response instead of creating another credential (1 to 255 visible ASCII characters)' }),
});

export function credentialRoutes(app: ApiInstance): void {
  app.post(
    '/v1/credentials',
    {
      config: { auth: 'credentials:write' },
      schema: {
        summary: 'Create a credential binding a merchant to an acquirer',
        operationId: 'createCredential',
        tags: ['credentials'],
        headers: Headers,
        body: CredentialInput,
        response: {
          201: Credential.meta({ description: 'Created; the Location header names the new credential' }),
          ...problemResponses(400, 401, 403, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const key = request.headers[idempotencyKeyHeader];
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        throw badRequest('Invalid Idempotency-Key.', [{ parameter: 'Idempotency-Key', detail: 'must be 1 to 255 visible ASCII characters' }]);
      }
      const db = app.database.db;
      const idempotency = key === undefined ? null : { key, hash: requestHash('POST', '/v1/credentials', request.body) };
      const replay = (stored: StoredResponse) => {
        if (stored.location) void reply.header('location', stored.location);
        // only 201 responses are stored (see insertCredential)
        return reply.code(201).header('idempotent-replayed', 'true').header('etag', credentialEtag(1)).send(stored.body as Credential);
      };
      if (idempotency) {
        const stored = await findReplay(db, caller.tokenId, idempotency.key, idempotency.hash);
        if (stored) return replay(stored);
      }
      const provider = await checkCredentialInput(db, caller, request.body);
      const result = await insertCredential(db, caller, request.body, provider, idempotency);
      if (result.kind === 'created') {
        return reply.code(201).header('location', credentialLocation(result.credential.id)).header('etag', credentialEtag(1)).send(result.credential);
      }
      if (idempotency) {
        // a concurrent request with the same key may have won the race: answer as it did
        const stored = await findReplay(db, caller.tokenId, idempotency.key, idempotency.hash);
        if (stored) return replay(stored);
      }
      if (result.kind === 'key-race') throw new Error('idempotency key race without a stored response');
      throw new ApiProblem({
        status: 409,
        type: 'credential-exists',
        detail: `A credential for this merchant, provider, MID and TID already exists: ${result.existingId}.`,
        existingId: result.existingId,
      });
    },
  );

  app.get(
    '/v1/credentials/:id',
    {
      config: { auth: 'credentials:write' },
      schema: {
        summary: 'Read one credential (the Location of POST /v1/credentials); secret fields masked',
        operationId: 'getCredential',
        tags: ['credentials'],
        params: CredentialParams,
        querystring: noQuery,
        response: { 200: Credential, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const found = await findCredential(app.database.db, caller, request.params.id);
      if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${request.params.id} for this token.` });
      return reply.header('etag', found.etag).send(found.credential);
    },
  );
}
