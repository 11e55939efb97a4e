import { apiPath } from '../../contract/endpoints.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { insertMerchant, merchantList } from './merchants-query.ts';
import { sendList } from '../lists/list-route.ts';

export const merchantLocation = (id: string) => `${apiPath('listMerchants')}?q=${id}`;

/** GET /v1/merchants (search) and POST /v1/merchants (merchants:write): extensions. */
export function merchantRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listMerchants', { summary: 'Search the organization’s merchants by name or CNPJ (a merchant token sees its own)', tags: ['merchants'] }),
    config: { auth: 'any' },
    handler: async (request, reply) => sendList(app, request, reply, merchantList, request.query, (rows) => rows),
  });

  app.route({
    ...endpoint('createMerchant', { summary: 'Add a merchant (name, CNPJ with valid check digits, MCC)', tags: ['merchants'] }),
    config: { auth: 'merchants:write', audit: { action: 'merchant.create', target: 'merchant' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      if (caller.merchantIds !== null) {
        throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'A merchant token or operator cannot add merchants.' });
      }
      const result = await insertMerchant(app.database.db, caller.organizationId, request.body);
      if ('existing' in result) {
        throw new ApiProblem({
          status: 409,
          type: 'merchant-exists',
          detail: `This CNPJ is already registered to ${result.existing.name} (${result.existing.id}).`,
          existingId: result.existing.id,
          existingName: result.existing.name,
        });
      }
      return reply.code(201).send(result.created);
    },
  });
}
