import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ifMatchTags } from './etag.ts';
import { historyList } from './history.ts';
import { credentialList } from './list-credentials.ts';
import { findCredential } from './read-credential.ts';
import { updateCredential } from './update-credential.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { sendList } from '../lists/list-route.ts';


/** GET /v1/credentials, PATCH /v1/credentials/{id} and its history (extensions). */
export function credentialChangeRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listCredentials', {
      summary: 'List credentials (of the token’s mode, and merchant for a merchant token): filters, order and paging',
      tags: ['credentials'],
    }),
    config: { auth: 'credentials:write', audit: { action: 'credential.create', target: 'credential' } },
    handler: async (request, reply) => sendList(app, request, reply, credentialList, request.query, (rows) => rows),
  });

  app.route({
    ...endpoint('updateCredential', {
      summary: 'Enable, disable or change the authentication data of a credential (If-Match required)',
      tags: ['credentials'],
    }),
    config: { auth: 'credentials:write', audit: { action: 'credential.update', target: 'credential' } },
    handler: async (request, reply) => {
      const tags = ifMatchTags(request.headers[ifMatchHeader]);
      const { credential, etag } = await updateCredential(app.database.db, callerOf(request), request.params.id, tags, request.body);
      return reply.header(responseHeaders.etag, etag).send(credential);
    },
  });

  app.route({
    ...endpoint('listCredentialHistory', { summary: 'Who changed a credential, when and what (newest first; secret values masked)', tags: ['credentials'] }),
    config: { auth: 'credentials:write' },
    handler: async (request, reply) => {
      const found = await findCredential(app.database.db, callerOf(request), request.params.id);
      if (!found) throw new ApiProblem({ status: 404, detail: `No credential ${request.params.id} for this token.` });
      return sendList(app, request, reply, historyList(request.params.id), request.query, (entries) => entries);
    },
  });
}
