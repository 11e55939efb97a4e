import type { Database } from '../db/client.ts';
import { providerCatalog } from '../providers/providers-catalog.ts';
import type { MerchantRecord } from './merchants.ts';

/** The six providers of the catalogue; idempotent. */
export async function insertProviders(database: Database): Promise<void> {
  await database.query(
    `INSERT INTO providers (id, name, display_name, capture_type, authentication_fields)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])
     ON CONFLICT DO NOTHING`,
    [
      providerCatalog.map((p) => p.id),
      providerCatalog.map((p) => p.name),
      providerCatalog.map((p) => p.displayName),
      providerCatalog.map((p) => p.captureType),
      providerCatalog.map((p) => JSON.stringify(p.authenticationFields)),
    ],
  );
}

export async function insertOrganization(database: Database, org: { id: string; name: string; taxId: string; createdAtMs: number }): Promise<void> {
  await database.query(
    'INSERT INTO organizations (id, name, tax_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [org.id, org.name, org.taxId, new Date(org.createdAtMs).toISOString()],
  );
}

export async function insertMerchants(database: Database, organizationId: string, merchants: MerchantRecord[], createdAtMs: number): Promise<void> {
  if (merchants.length === 0) return;
  await database.query(
    `INSERT INTO merchants (id, organization_id, name, tax_id, created_at)
     SELECT m.id, $1, m.name, m.tax_id, $5::timestamptz FROM unnest($2::text[], $3::text[], $4::text[]) AS m(id, name, tax_id)
     ON CONFLICT DO NOTHING`,
    [organizationId, merchants.map((m) => m.id), merchants.map((m) => m.name), merchants.map((m) => m.taxId), new Date(createdAtMs).toISOString()],
  );
}

export async function existingMerchants(database: Database, organizationId: string): Promise<MerchantRecord[]> {
  return database.query<MerchantRecord>(
    'SELECT id, name, tax_id AS "taxId" FROM merchants WHERE organization_id = $1 ORDER BY created_at, id',
    [organizationId],
  );
}
