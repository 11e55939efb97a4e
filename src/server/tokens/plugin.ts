import { callerOf } from '../auth/authenticate.ts';
import { createToken } from '../auth/token-store.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { sendList } from '../lists/list-route.ts';
import { checkTokenGrant, findApiToken, revokeApiToken, tokenList, tokenView } from './tokens-store.ts';

const tags = ['access'];

/** /v1/tokens (extension): machine tokens, created and revoked by people with tokens:write. */
export function tokenPlugin(app: ApiInstance, _options: unknown, done: () => void): void {
  const db = app.database.db;

  app.route({
    ...endpoint('listApiTokens', {
      summary: 'The organization’s machine tokens, newest first: who made each, scopes, limit, last use (extension)',
      description: 'Last use is recorded at most once a minute per token. The secrets are never shown again.',
      tags,
    }),
    handler: async (request, reply) => sendList(app, request, reply, tokenList, request.query, (rows) => rows.map(tokenView)),
  });

  app.route({
    ...endpoint('createApiToken', {
      summary: 'Create a machine token: name, scopes, mode, merchant limit; the secret is in this answer only (extension)',
      description: 'A token gets no scope its maker lacks, and a maker limited to one merchant makes tokens limited to it.',
      tags,
    }),
    config: { audit: { action: 'token.create', target: 'token' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const input = request.body;
      const merchantId = await checkTokenGrant(db, caller, input);
      const { id, token } = await createToken(db, { name: input.name, organizationId: caller.organizationId, scopes: input.scopes, mode: input.mode, merchantId, createdBy: caller.personId ?? null });
      const row = await findApiToken(db, caller.organizationId, id);
      if (!row) throw new Error('token not stored');
      request.auditNote = { targetId: id, details: { name: input.name, scopes: input.scopes, mode: input.mode, merchantId } };
      return reply.code(201).send({ token: tokenView(row), secret: token });
    },
  });

  app.route({
    ...endpoint('revokeApiToken', {
      summary: 'Revoke a machine token; every server process refuses it within TOKEN_CACHE_SECONDS (extension)',
      tags,
    }),
    config: { audit: { action: 'token.revoke', target: 'token' } },
    handler: async (request) => {
      const { organizationId } = callerOf(request);
      const row = await revokeApiToken(db, organizationId, request.params.id);
      if (!row) throw new ApiProblem({ status: 404, detail: `No machine token ${request.params.id} in this organization.` });
      return tokenView(row);
    },
  });
  done();
}
