import { z } from 'zod';
import { CredentialHistory, CredentialList, CredentialPatch, CredentialQuery, Credential } from '../../contract/credentials.ts';
import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { listBaseQuery } from '../../contract/list-query.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ifMatchTags } from './etag.ts';
import { historyList } from './history.ts';
import { credentialList } from './list-credentials.ts';
import { findCredential } from './read-credential.ts';
import { updateCredential } from './update-credential.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { routeOf } from '../lib/endpoint-routes.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { sendList } from '../lists/list-route.ts';
import { CredentialParams } from './credential-params.ts';

const IfMatch = z.object({
  [ifMatchHeader]: z.string().optional().meta({ description: 'Required: the ETag of the credential as last read (428 without it, 412 when stale)' }),
});
const HistoryQuery = z.strictObject({ page: listBaseQuery.page, limit: listBaseQuery.limit });

/** GET /v1/credentials, PATCH /v1/credentials/{id} and its history (extensions). */
export function credentialChangeRoutes(app: ApiInstance): void {
  app.get(
    routeOf('listCredentials'),
    {
      config: { auth: 'credentials:write', audit: { action: 'credential.create', target: 'credential' } },
      schema: {
        summary: 'List credentials (of the token’s mode, and merchant for a merchant token): filters, order and paging',
        operationId: 'listCredentials',
        tags: ['credentials'],
        querystring: CredentialQuery,
        response: { 200: CredentialList, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendList(app, request, reply, credentialList, request.query, (rows) => rows),
  );

  app.patch(
    routeOf('updateCredential'),
    {
      config: { auth: 'credentials:write', audit: { action: 'credential.update', target: 'credential' } },
      schema: {
        summary: 'Enable, disable or change the authentication data of a credential (If-Match required)',
        operationId: 'updateCredential',
        tags: ['credentials'],
        params: CredentialParams,
        headers: IfMatch,
        body: CredentialPatch,
        response: { 200: Credential, ...problemResponses(400, 401, 403, 404, 409, 412, 415, 428) },
      },
    },
    async (request, reply) => {
      const tags = ifMatchTags(request.headers[ifMatchHeader]);
      const { credential, etag } = await updateCredential(app.database.db, callerOf(request), request.params.id, tags, request.body);
      return reply.header(responseHeaders.etag, etag).send(credential);
    },
  );

  app.get(
    routeOf('listCredentialHistory'),
    {
      config: { auth: 'credentials:write' },
      schema: {
        summary: 'Who changed a credential, when and what (newest first; secret values masked)',
        operationId: 'listCredentialHistory',
        tags: ['credentials'],
        params: CredentialParams,
        querystring: HistoryQuery,
        response: { 200: CredentialHistory, ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const found = await findCredential(app.database.db, callerOf(request), request.params.id);
      if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${request.params.id} for this token.` });
      return sendList(app, request, reply, historyList(request.params.id), request.query, (entries) => entries);
    },
  );
}
