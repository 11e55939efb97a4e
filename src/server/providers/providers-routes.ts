import { asc } from 'drizzle-orm';
import { ProviderList, type Provider } from '../../contract/providers.ts';
import { providers } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { noQuery } from '../lib/no-query.ts';
import { problemResponses } from '../lib/openapi-docs.ts';

export function providerRoutes(app: ApiInstance): void {
  app.get(
    '',
    {
      config: { auth: 'providers:read' },
      schema: {
        summary: 'List the accepted acquirers and the authenticationData fields each takes',
        tags: ['providers'],
        querystring: noQuery,
        response: { 200: ProviderList, ...problemResponses(401, 403) },
      },
    },
    async () => {
      const rows = await app.database.db.select().from(providers).orderBy(asc(providers.name));
      return rows.map((row) => ({ ...row, captureType: 'card_present_emv' }) as Provider);
    },
  );
}
