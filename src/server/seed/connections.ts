import { providerCatalog } from '../providers/providers-catalog.ts';
import type { Database } from '../db/client.ts';
import { identityKey } from '../credentials/authentication-data.ts';
import { xid } from '../lib/xid.ts';
import { merchantProfile } from './merchants.ts';
import { existingMerchants } from './reference-data.ts';

/**
 * One connection (credential) per terminal and acquirer of every merchant of the organization, with the
 * MID/TID its seeded events and the simulator use: notifications from those terminals match them.
 * Test mode, connected and enabled; idempotent (the credentials' identity key is unique).
 */
export async function seedConnections(database: Database, organizationId: string): Promise<number> {
  const rows: { id: string; merchantId: string; providerId: string; data: string; key: string }[] = [];
  for (const merchant of await existingMerchants(database, organizationId)) {
    const profile = merchantProfile(merchant);
    for (const terminal of profile.terminals) {
      for (const acquirer of profile.acquirers) {
        const provider = providerCatalog.find((p) => p.name === acquirer);
        const mid = profile.mids[acquirer];
        const tid = terminal.tids[acquirer];
        if (!provider || !mid || !tid) continue;
        const data = { merchantIdentifier: mid, terminalIdentifier: tid };
        rows.push({ id: xid(), merchantId: merchant.id, providerId: provider.id, data: JSON.stringify(data), key: identityKey(data, provider.authenticationFields) });
      }
    }
  }
  if (rows.length === 0) return 0;
  const inserted = await database.query(
    `INSERT INTO credentials (id, organization_id, merchant_id, provider_id, authentication_data, identity_key, status, test_mode, enabled)
     SELECT r.id, $1, r.merchant_id, r.provider_id, r.data, r.key, 'connected', true, true
       FROM unnest($2::text[], $3::text[], $4::text[], $5::jsonb[], $6::text[]) AS r(id, merchant_id, provider_id, data, key)
     ON CONFLICT DO NOTHING RETURNING id`,
    [organizationId, rows.map((r) => r.id), rows.map((r) => r.merchantId), rows.map((r) => r.providerId), rows.map((r) => r.data), rows.map((r) => r.key)],
  );
  return inserted.length;
}
