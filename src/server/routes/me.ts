import { and, asc, eq } from 'drizzle-orm';
import { Me } from '../../contract/me.ts';
import { callerOf } from '../auth/authenticate.ts';
import { merchants } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { noQuery } from '../lib/no-query.ts';
import { problemResponses } from '../lib/openapi-docs.ts';

export function meRoutes(app: ApiInstance): void {
  app.get(
    '/v1/me',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'The calling token: organization, scopes, merchant limit, mode and merchants (extension)',
        tags: ['access'],
        querystring: noQuery,
        response: { 200: Me, ...problemResponses(401) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const scope = eq(merchants.organizationId, caller.organizationId);
      const rows = await app.database.db
        .select({ id: merchants.id, name: merchants.name, taxId: merchants.taxId })
        .from(merchants)
        .where(caller.merchantId ? and(scope, eq(merchants.id, caller.merchantId)) : scope)
        .orderBy(asc(merchants.name), asc(merchants.id));
      return {
        tokenId: caller.tokenId,
        organization: { id: caller.organizationId, name: caller.organizationName },
        scopes: caller.scopes,
        merchantId: caller.merchantId,
        mode: caller.mode,
        merchants: rows,
      };
    },
  );
}
