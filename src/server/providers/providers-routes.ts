import { asc } from 'drizzle-orm';
import { type Provider } from '../../contract/providers.ts';
import { providers } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';

export function providerRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listProviders', { summary: 'List the accepted acquirers and the authenticationData fields each takes', tags: ['providers'] }),
    config: { auth: 'providers:read' },
    handler: async () => {
      const rows = await app.database.db.select().from(providers).orderBy(asc(providers.name));
      return rows.map((row) => ({ ...row, captureType: 'card_present_emv' }) as Provider);
    },
  });
}
