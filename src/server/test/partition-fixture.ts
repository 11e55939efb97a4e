import { buildApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { convertToPartitions, monthsToCover, type ConvertOptions } from '../db/partitions/convert.ts';
import { defaultMonthsAhead } from '../db/partitions/maintain.ts';
import { openSession, type Session } from '../db/session.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { upsertProviders } from '../providers/providers-sync.ts';
import { seedOrganization } from '../seed/seed-organization.ts';
import { bearer, createPostgresDatabase } from './harness.ts';
import { anchor } from './list-fixture.ts';
import { createLiveOrg, type LiveOrg } from './notification-fixture.ts';

export interface PartitionFixture {
  database: Database;
  app: ApiInstance;
  /** a seeded organization (sales over the 90 days before `anchor`) and its token */
  org: { id: string; token: string };
  /** a second seeded organization */
  other: { id: string; token: string };
  /** an organization that receives notifications, and its token */
  live: LiveOrg & { token: string };
  /** converts the database as `npm run partition -- convert` does */
  convert(options?: Partial<ConvertOptions>): Promise<'converted' | 'already'>;
  /** a connection of its own, for partition maintenance */
  session(): Promise<Session>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL database with ordinary (not partitioned) tables, whatever TEST_PARTITIONED says: two seeded
 * organizations and one that receives notifications, the API in front of it.
 */
export async function createPartitionFixture(): Promise<PartitionFixture> {
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url.toString() });
  await upsertProviders(database.db);
  const a = await seedOrganization(database, { seed: 21, summaries: 300, organizationId: 'orgpaaaaaaaaaaaaaaaa', organizationName: 'Org A', merchants: 3, anchor });
  const b = await seedOrganization(database, { seed: 22, summaries: 100, organizationId: 'orgpbbbbbbbbbbbbbbbb', organizationName: 'Org B', merchants: 2, anchor });
  const live = await createLiveOrg(database);
  // totals recounted on every request: a test sees a retention at once (TOTAL_CACHE_SECONDS, 5 s by default)
  const app = await buildApp({ database, webRoot: null, totalCacheSeconds: 0 });
  const session = () => openSession(database, { long: true });
  return {
    database,
    app,
    org: { id: a.organizationId, token: await bearer(database, a.organizationId) },
    other: { id: b.organizationId, token: await bearer(database, b.organizationId) },
    live: { ...live, token: await bearer(database, live.organizationId) },
    session,
    convert: async (options = {}) => {
      const s = await session();
      try {
        return await convertToPartitions(s, { months: await monthsToCover(s, Date.now(), defaultMonthsAhead), ...options });
      } finally {
        await s.release();
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      await created.drop();
    },
  };
}

/** Which partition holds each row of a table (its tableoid), by the row's key. */
export async function partitionsOf(database: Database, table: string, key: string, values: string[]): Promise<Record<string, string>> {
  const rows = await database.query<{ k: string; p: string }>(`select ${key} as k, tableoid::regclass::text as p from ${table} where ${key} = any($1::text[])`, [values]);
  return Object.fromEntries(rows.map((r) => [r.k, r.p]));
}
