import { pathTemplate } from '../../contract/endpoints.ts';
import type { Credential } from '../../contract/credentials.ts';
import { idempotencyKeyHeader, responseHeaders } from '../../contract/headers.ts';
import { xidPattern } from '../../contract/ids.ts';
import { callerOf } from '../auth/authenticate.ts';
import { checkCredentialInput, credentialLocation, insertCredential } from './create-credential.ts';
import { credentialEtag } from './etag.ts';
import { findCredential } from './read-credential.ts';
import { claimKey, idempotencyKeyPattern, releaseKey, requestHash } from './idempotency.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { credentialChangeRoutes } from './credential-changes-routes.ts';

/** /v1/credentials: this plugin's create and read, and the list, update and history (credential-changes-routes.ts). */
export function credentialRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('createCredential', { summary: 'Create a credential binding a merchant to an acquirer', tags: ['credentials'] }),
    config: { auth: 'credentials:write' },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const key = request.headers[idempotencyKeyHeader];
      if (key !== undefined && !idempotencyKeyPattern.test(key)) {
        throw badRequest('Invalid Idempotency-Key.', [{ parameter: 'Idempotency-Key', detail: 'must be 1 to 255 visible ASCII characters' }]);
      }
      const db = app.database.db;
      if (key !== undefined) {
        const claim = await claimKey(db, caller.tokenId, key, requestHash('POST', pathTemplate('createCredential'), request.body), app.idempotencyTtlHours);
        if (claim.kind === 'replay') {
          // only 201 responses are stored (see insertCredential)
          if (claim.stored.location) void reply.header(responseHeaders.location, claim.stored.location);
          return reply
            .code(201)
            .header(responseHeaders.idempotentReplayed, 'true')
            .header(responseHeaders.etag, credentialEtag(1))
            .send(claim.stored.body as Credential);
        }
      }
      let result;
      try {
        const provider = await checkCredentialInput(db, caller, request.body);
        result = await insertCredential(db, caller, request.body, provider, key ?? null);
      } finally {
        // a key whose request did not create anything is given back (a no-op after a success)
        if (key !== undefined) await releaseKey(db, caller.tokenId, key).catch((error: unknown) => request.log.warn({ err: error }, 'could not release an Idempotency-Key'));
      }
      if (result.kind === 'created') {
        return reply
          .code(201)
          .header(responseHeaders.location, credentialLocation(result.credential.id))
          .header(responseHeaders.etag, credentialEtag(1))
          .send(result.credential);
      }
      throw new ApiProblem({
        status: 409,
        type: 'credential-exists',
        detail: `A credential for this merchant, provider, MID and TID already exists: ${result.existingId}.`,
        existingId: result.existingId,
      });
    },
  });

  app.route({
    ...endpoint('getCredential', { summary: 'Read one credential (the Location of POST /v1/credentials); secret fields masked', tags: ['credentials'] }),
    config: { auth: 'credentials:write' },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      if (!xidPattern.test(request.params.id)) {
        throw new ApiProblem({ status: 404, detail: 'No such credential: the id is not a credential id.', errors: [{ parameter: 'id', detail: 'is not a 20-character XID (0-9a-v)' }] });
      }
      const found = await findCredential(app.database.db, caller, request.params.id);
      if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${request.params.id} for this token.` });
      return reply.header(responseHeaders.etag, found.etag).send(found.credential);
    },
  });

  credentialChangeRoutes(app);
}
