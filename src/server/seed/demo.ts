import type { Database } from '../db/client.ts';
import { seedConnections } from './connections.ts';
import { backfillReceivables } from '../receivables/backfill.ts';
import { seedOrganization } from './seed-organization.ts';

/** The demo sub-acquirer organization created on first start. */
export const demoOrganization = { id: 'd4ps1c0000000000demo', name: 'Demo Subacquirer Ltda' } as const;

export const demoMerchantCount = 6;

/**
 * Seeds the six providers, the demo organization, its merchants, `summaries` sales (1 to 4 cycles each)
 * and their events, and a connection per terminal and acquirer (seedConnections). Deterministic for a given seed and anchor (default: now, truncated to the minute).
 */
export async function seedDemo(
  database: Database,
  options: { seed: number; summaries: number; anchor?: Date | number | string; onProgress?: (done: number, total: number) => void },
): Promise<{ organizationId: string; merchantIds: string[] }> {
  const result = await seedOrganization(database, {
    seed: options.seed,
    summaries: options.summaries,
    organizationId: demoOrganization.id,
    organizationName: demoOrganization.name,
    merchants: demoMerchantCount,
    anchor: options.anchor,
    onProgress: options.onProgress,
  });
  await seedConnections(database, result.organizationId);
  // issue 25: the receivables schedule of the demo sales, a few of the recent ones left unpaid (overdue)
  await backfillReceivables(database.db, { organizationId: result.organizationId, overdueOneIn: 25 });
  return { organizationId: result.organizationId, merchantIds: result.merchantIds };
}
