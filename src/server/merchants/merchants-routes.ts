import { z } from 'zod';
import { Merchant, MerchantInput, MerchantList, MerchantQuery } from '../../contract/merchants.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lists/paging.ts';
import { decodeCursor, fingerprint, pageOf } from '../lists/keyset.ts';
import { countMerchants, findMerchants, insertMerchant, merchantKeyset, merchantPosition } from './merchants-query.ts';

export const merchantLocation = (id: string) => `/v1/merchants?q=${id}`;

/** GET /v1/merchants (search) and POST /v1/merchants (merchants:write): extensions. */
export function merchantRoutes(app: ApiInstance): void {
  app.get(
    '',
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
    async (request, reply) => {
      const caller = callerOf(request);
      const db = app.database.db;
      const query = request.query;
      const print = fingerprint('merchants', query.order_by, query.order_direction, query);
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, merchantKeyset(query.order_by, query.order_direction), print);
      const [found, total] = await Promise.all([findMerchants(db, caller, query, 1, cursor), countMerchants(db, caller, query, app.countCap)]);
      const { rows, more } = pageOf(found, query.limit, cursor);
      setPagingHeaders(request, reply, query, total, more, { cursor, print, rows, more, position: (row) => merchantPosition(query.order_by, row) });
      return rows;
    },
  );

  app.post(
    '',
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
      if ('existingId' in result) {
        throw new ApiProblem({
          status: 409,
          type: 'merchant-exists',
          detail: `A merchant with this CNPJ already exists: ${result.existingId}.`,
          existingId: result.existingId,
        });
      }
      return reply.code(201).send(result.created);
    },
  );
}
