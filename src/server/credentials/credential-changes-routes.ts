import { z } from 'zod';
import { CredentialHistory, CredentialList, CredentialPatch, CredentialQuery, Credential } from '../../contract/credentials.ts';
import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { listBaseQuery } from '../../contract/list-query.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ifMatchTags } from './etag.ts';
import { countHistory, findHistory } from './history.ts';
import { countCredentials, credentialKeyset, credentialPosition, findCredentials } from './list-credentials.ts';
import { findCredential } from './read-credential.ts';
import { updateCredential } from './update-credential.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lists/paging.ts';
import { decodeCursor, fingerprint, pageOf } from '../lists/keyset.ts';
import { CredentialParams } from './credential-params.ts';

const IfMatch = z.object({
  [ifMatchHeader]: z.string().optional().meta({ description: 'Required: the ETag of the credential as last read (428 without it, 412 when stale)' }),
});
const HistoryQuery = z.strictObject({ page: listBaseQuery.page, limit: listBaseQuery.limit });

/** GET /v1/credentials, PATCH /v1/credentials/{id} and its history (extensions). */
export function credentialChangeRoutes(app: ApiInstance): void {
  app.get(
    '',
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
    async (request, reply) => {
      const caller = callerOf(request);
      const db = app.database.db;
      const query = request.query;
      const print = fingerprint('credentials', 'created_at', query.order_direction, query);
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, credentialKeyset(query.order_direction), print);
      const [found, total] = await Promise.all([findCredentials(db, caller, query, 1, cursor), countCredentials(db, caller, query, app.countCap)]);
      const { rows, more } = pageOf(found, query.limit, cursor);
      setPagingHeaders(request, reply, query, total, more, { cursor, print, rows, more, position: credentialPosition });
      return rows;
    },
  );

  app.patch(
    '/:id',
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
    '/:id/history',
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
      const caller = callerOf(request);
      const db = app.database.db;
      const found = await findCredential(db, caller, request.params.id);
      if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${request.params.id} for this token.` });
      const [entries, total] = await Promise.all([findHistory(db, request.params.id, request.query, 1), countHistory(db, request.params.id, app.countCap)]);
      const hasMore = entries.length > request.query.limit;
      setPagingHeaders(request, reply, request.query, total, hasMore);
      return entries.slice(0, request.query.limit);
    },
  );
}
