import { z } from 'zod';
import { FeePlan, FeePlanAssignment, FeePlanHistory, FeePlanInput, FeePlanList, FeePlanVersionInput } from '../../contract/fee-plans.ts';
import { ifMatchHeader, responseHeaders } from '../../contract/headers.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ifMatchTags } from '../credentials/etag.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { noQuery } from '../lib/no-query.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { addVersion, assignMerchant, createPlan, feePlanEtag, feePlanLocation, listPlans, planHistory } from './store.ts';

const Params = z.object({ id: z.string().meta({ description: 'The fee plan id' }) });
const IfMatch = z.object({ [ifMatchHeader]: z.string().optional().meta({ description: 'The ETag of the plan as last read ("v<version>"); required' }) });
const tags = ['fee-plans'];

/** Fee plans under /v1/fee-plans: read with receivables:read (a merchant token its own price plan), written with fee-plans:write. */
export function feePlanPlugin(app: ApiInstance, _options: unknown, done: () => void): void {
  const db = () => app.database.db;

  app.get(
    '',
    {
      config: { auth: 'receivables:read' },
      schema: { summary: 'List the fee plans (price and cost) with the version in force and the latest', operationId: 'listFeePlans', tags, querystring: noQuery, response: { 200: FeePlanList, ...problemResponses(400, 401, 403) } },
    },
    async (request) => ({ data: await listPlans(db(), callerOf(request)) }),
  );

  app.post(
    '',
    {
      config: { auth: 'fee-plans:write' },
      schema: {
        summary: 'Create a fee plan with its first version',
        operationId: 'createFeePlan',
        tags,
        body: FeePlanInput,
        response: { 201: FeePlan.check(z.meta({ description: 'Created; Location names it, ETag its version' })), ...problemResponses(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const plan = await createPlan(db(), callerOf(request), request.body);
      return reply.code(201).header(responseHeaders.location, feePlanLocation(plan.id)).header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  );

  app.get(
    '/:id',
    {
      config: { auth: 'receivables:read' },
      schema: { summary: 'Read one fee plan', operationId: 'getFeePlan', tags, params: Params, querystring: noQuery, response: { 200: FeePlan, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const [plan] = await listPlans(db(), callerOf(request), request.params.id);
      if (!plan) throw new ApiProblem({ status: 404, detail: `No fee plan ${request.params.id} visible to this token.` });
      return reply.header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  );

  app.put(
    '/:id',
    {
      config: { auth: 'fee-plans:write' },
      schema: {
        summary: 'Add a version to a fee plan, effective from a date (today or later); If-Match required',
        operationId: 'updateFeePlan',
        tags,
        params: Params,
        headers: IfMatch,
        body: FeePlanVersionInput,
        response: { 200: FeePlan, ...problemResponses(400, 401, 403, 404, 412, 413, 415, 422, 428) },
      },
    },
    async (request, reply) => {
      const plan = await addVersion(db(), callerOf(request), request.params.id, ifMatchTags(request.headers[ifMatchHeader]), request.body);
      return reply.header(responseHeaders.etag, feePlanEtag(plan.version)).send(plan);
    },
  );

  app.get(
    '/:id/history',
    {
      config: { auth: 'receivables:read' },
      schema: { summary: 'Every version of a fee plan, oldest first', operationId: 'listFeePlanVersions', tags, params: Params, querystring: noQuery, response: { 200: FeePlanHistory, ...problemResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const data = await planHistory(db(), callerOf(request), request.params.id);
      if (!data) throw new ApiProblem({ status: 404, detail: `No fee plan ${request.params.id} visible to this token.` });
      return { data };
    },
  );

  app.post(
    '/:id/merchants',
    {
      config: { auth: 'fee-plans:write' },
      schema: {
        summary: 'Assign a price plan to a merchant (its sales captured from now on)',
        operationId: 'assignFeePlan',
        tags,
        params: Params,
        body: FeePlanAssignment,
        response: { 200: FeePlan, ...problemResponses(400, 401, 403, 404, 413, 415, 422) },
      },
    },
    async (request) => assignMerchant(db(), callerOf(request), request.params.id, request.body.merchantId),
  );
  done();
}
