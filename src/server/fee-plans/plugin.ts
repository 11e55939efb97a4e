import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ifMatchTags } from '../credentials/etag.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { addVersion, assignMerchant, createPlan, feePlanEtag, feePlanLocation, listPlans, planHistory } from './store.ts';

const tags = ['fee-plans'];

/** Fee plans under /v1/fee-plans: read with receivables:read (a merchant token its own price plan), written with fee-plans:write. */
export function feePlanPlugin(app: ApiInstance, _options: unknown, done: () => void): void {
  const db = () => app.database.db;

  app.route({
    ...endpoint('listFeePlans', { summary: 'List the fee plans (price and cost) with the version in force and the latest', tags }),
    config: { auth: 'receivables:read' },
    handler: async (request) => ({ data: await listPlans(db(), callerOf(request)) }),
  });

  app.route({
    ...endpoint('createFeePlan', { summary: 'Create a fee plan with its first version', tags }),
    config: { auth: 'fee-plans:write', audit: { action: 'fee_plan.create', target: 'fee_plan' } },
    handler: async (request, reply) => {
      const plan = await createPlan(db(), callerOf(request), request.body);
      return reply.code(201).header(responseHeaders.location, feePlanLocation(plan.id)).header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  });

  app.route({
    ...endpoint('getFeePlan', { summary: 'Read one fee plan', tags }),
    config: { auth: 'receivables:read' },
    handler: async (request, reply) => {
      const [plan] = await listPlans(db(), callerOf(request), request.params.id);
      if (!plan) throw new ApiProblem({ status: 404, detail: `No fee plan ${request.params.id} visible to this token.` });
      return reply.header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  });

  app.route({
    ...endpoint('updateFeePlan', { summary: 'Add a version to a fee plan, effective from a date (today or later); If-Match required', tags }),
    config: { auth: 'fee-plans:write', audit: { action: 'fee_plan.version', target: 'fee_plan' } },
    handler: async (request, reply) => {
      const plan = await addVersion(db(), callerOf(request), request.params.id, ifMatchTags(request.headers[ifMatchHeader]), request.body);
      return reply.header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  });

  app.route({
    ...endpoint('listFeePlanVersions', { summary: 'Every version of a fee plan, oldest first', tags }),
    config: { auth: 'receivables:read' },
    handler: async (request) => {
      const data = await planHistory(db(), callerOf(request), request.params.id);
      if (!data) throw new ApiProblem({ status: 404, detail: `No fee plan ${request.params.id} visible to this token.` });
      return { data };
    },
  });

  app.route({
    ...endpoint('assignFeePlan', { summary: 'Assign a price plan to a merchant (its sales captured from now on)', tags }),
    config: { auth: 'fee-plans:write', audit: { action: 'fee_plan.assign', target: 'fee_plan' } },
    handler: async (request) => assignMerchant(db(), callerOf(request), request.params.id, request.body.merchantId),
  });
  done();
}
