import { z } from 'zod';
import { apiPath } from '../../contract/endpoints.ts';
import { Merchant, MerchantInput, MerchantList, MerchantQuery } from '../../contract/merchants.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { routeOf } from '../lib/endpoint-routes.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { insertMerchant, merchantList } from './merchants-query.ts';
import { sendList } from '../lists/list-route.ts';

export const merchantLocation = (id: string) => `${apiPath('listMerchants')}?q=${id}`;

/** GET /v1/merchants (search) and POST /v1/merchants (merchants:write): extensions. */
export function merchantRoutes(app: ApiInstance): void {
  app.get(
    routeOf('listMerchants'),
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Search the organization’s merchants by name or CNPJ (a merchant token sees its own)',
        operationId: 'listMerchants',
        tags: ['merchants'],
        querystring: MerchantQuery,
        response: { 200: MerchantList, ...problemResponses(400, 401) },
      },
    },
    async (request, reply) => sendList(app, request, reply, merchantList, request.query, (rows) => rows),
  );

  app.post(
    routeOf('createMerchant'),
    {
      config: { auth: 'merchants:write', audit: { action: 'merchant.create', target: 'merchant' } },
      schema: {
        summary: 'Add a merchant (name, CNPJ with valid check digits, MCC)',
        operationId: 'createMerchant',
        tags: ['merchants'],
        body: MerchantInput,
        response: { 201: Merchant.check(z.meta({ description: 'Created' })), ...problemResponses(400, 401, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (caller.merchantId !== null) {
        throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'A merchant token cannot add merchants.' });
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
  );
}
