import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { providers } from '../db/schema.ts';
import { providerCatalog } from './providers-catalog.ts';

/** Writes the provider catalogue into the providers table (insert or update by id); run at every start. */
export async function upsertProviders(db: Db): Promise<void> {
  await db
    .insert(providers)
    .values(providerCatalog)
    .onConflictDoUpdate({
      target: providers.id,
      set: {
        name: sql`excluded.name`,
        displayName: sql`excluded.display_name`,
        captureType: sql`excluded.capture_type`,
        authenticationFields: sql`excluded.authentication_fields`,
      },
    });
}
