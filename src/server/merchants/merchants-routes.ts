import { apiPath } from '../../contract/endpoints.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { insertMerchant, merchantList } from './merchants-query.ts';
import { sendList } from '../lists/list-route.ts';
import { checkPricePlan, pricePlanChoices, setMerchantPlan } from './merchant-plan.ts';

export const merchantLocation = (id: string) => `${apiPath('listMerchants')}?q=${id}`;

/** GET /v1/merchants (search), POST /v1/merchants, PATCH /v1/merchants/{id} and GET /v1/merchants/price-plans (merchants:write): extensions. */
export function merchantRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listMerchants', { summary: 'Search the organization’s merchants by name or CNPJ (a merchant token sees its own)', tags: ['merchants'] }),
    config: { auth: 'any' },
    handler: async (request, reply) => sendList(app, request, reply, merchantList, request.query, (rows) => rows),
  });

  app.route({
    ...endpoint('createMerchant', {
      summary: 'Add a merchant (name, CNPJ with valid check digits, MCC) and the price plan it pays',
      description: '`feePlanId`: a price plan of the organization (GET /v1/merchants/price-plans), 422 otherwise; absent: the organization’s default plan.',
      tags: ['merchants'],
    }),
    config: { auth: 'merchants:write', audit: { action: 'merchant.create', target: 'merchant' } },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      if (caller.merchantIds !== null) {
        throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'A merchant token or operator cannot add merchants.' });
      }
      const result = await insertMerchant(app.database.db, caller.organizationId, request.body, (tx, planId) => checkPricePlan(tx, caller.organizationId, planId));
      if ('existing' in result) {
        throw new ApiProblem({
          status: 409,
          type: 'merchant-exists',
          detail: `This CNPJ is already registered to ${result.existing.name} (${result.existing.id}).`,
          existingId: result.existing.id,
          existingName: result.existing.name,
        });
      }
      request.auditNote = { details: { feePlanId: result.created.feePlanId } };
      return reply.code(201).send(result.created);
    },
  });

  app.route({
    ...endpoint('updateMerchant', {
      summary: 'Change the price plan a merchant pays (null: the organization’s default), for sales captured from now on',
      description: 'Onboarding staff pick it when they connect the merchant; 422 when `feePlanId` names no price plan of the organization.',
      tags: ['merchants'],
    }),
    config: { auth: 'merchants:write', audit: { action: 'merchant.update', target: 'merchant' } },
    handler: async (request) => {
      const caller = organizationCaller(request);
      const { merchant, from } = await setMerchantPlan(app.database.db, caller.organizationId, request.params.id, request.body.feePlanId);
      request.auditNote = { details: { feePlanId: { from, to: merchant.feePlanId } } };
      return merchant;
    },
  });

  app.route({
    ...endpoint('listMerchantPricePlans', { summary: 'The price plans a merchant may be given, with the rates in force today (the default first)', tags: ['merchants'] }),
    config: { auth: 'merchants:write' },
    handler: async (request) => ({ data: await pricePlanChoices(app.database.db, organizationCaller(request)) }),
  });
}

/** The caller, when it acts for the whole organization: a merchant token may not change merchants. */
function organizationCaller(request: Parameters<typeof callerOf>[0]) {
  const caller = callerOf(request);
  if (caller.merchantIds !== null) throw new ApiProblem({ status: 403, type: 'merchant-not-allowed', detail: 'A caller limited to merchants cannot change merchants or their plans.' });
  return caller;
}
