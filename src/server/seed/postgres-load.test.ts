import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../test/harness.ts';
import { rollupsFromSummaries, rollupsStored } from '../test/rollup-check.ts';
import { generateChunks } from './generate.ts';
import { openChunkLoader } from './loader.ts';
import { seedOrganization } from './seed-organization.ts';
import { testContext } from './test-fixtures.ts';
import { testAnchor } from './test-fixtures.ts';

/** The PostgreSQL path uses COPY FROM STDIN through a hand-written pg submittable: check it for real. */
describe.skipIf(!postgresAvailable)('loading into PostgreSQL (skipped when PostgreSQL does not answer)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await test.dispose();
  });

  it('loads chunks with COPY in bulk mode, into empty tables and appending, and leaves the keys and indexes as they were', async () => {
    const { database } = test;
    // the tables' own indexes (on monthly partitions, TEST_PARTITIONED=1, the loaded months add their partitions' copies)
    const indexes = () =>
      database.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.tablename AND c.relnamespace = 'public'::regnamespace WHERE schemaname = 'public' AND NOT c.relispartition ORDER BY indexname",
      );
    const constraints = () => database.query("SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = ANY('{transaction_summaries,cycles,events}'::regclass[]) AND conparentid = 0 ORDER BY conname");
    const before = { indexes: await indexes(), constraints: await constraints() };
    const base = { seed: 4, organizationId: 'd4ps1c00000000000pg0', organizationName: 'PG Ltda', anchor: testAnchor, chunkSize: 250, bulk: true };
    const rebuilt: string[][] = [[], []];
    // into empty tables the keys go too; appending, only the secondary indexes
    const first = await seedOrganization(database, { ...base, summaries: 700, onIndexRebuild: (name) => rebuilt[0]?.push(name) });
    const second = await seedOrganization(database, { ...base, summaries: 500, startIndex: 700, onIndexRebuild: (name) => rebuilt[1]?.push(name) });
    expect(rebuilt[0]?.slice(0, 4)).toEqual(['cycles_pkey', 'events_pkey', 'transaction_summaries_pkey', 'cycles_summary_id_transaction_summaries_id_fk']);
    expect(rebuilt[1]).toEqual(rebuilt[0]?.slice(4));
    expect({ indexes: await indexes(), constraints: await constraints() }).toEqual(before);
    const counts = await database.query<{ s: number; c: number; e: number; orphans: number }>(
      `SELECT (SELECT count(*)::int FROM transaction_summaries) AS s, (SELECT count(*)::int FROM cycles) AS c,
              (SELECT count(*)::int FROM events) AS e,
              (SELECT count(*)::int FROM cycles c WHERE NOT EXISTS (SELECT 1 FROM transaction_summaries s WHERE s.id = c.summary_id)) AS orphans`,
    );
    expect(counts[0]).toEqual({ s: 1200, c: first.cycles + second.cycles, e: first.events + second.events, orphans: 0 });
    const nanos = await database.query<{ created_at_text: string; created_at_ns: string }>(
      "SELECT created_at_text, created_at_ns::text FROM events WHERE created_at_text ~ '\\.\\d{9}Z$' LIMIT 1",
    );
    expect(nanos).toHaveLength(1);
    expect(await rollupsStored(database)).toEqual(await rollupsFromSummaries(database));
  });

  it('rolls a failed COPY chunk back and keeps the connection usable', async () => {
    const { database } = test;
    const ctx = testContext(4, 'd4ps1c00000000000pg0', testAnchor);
    const [chunk] = [...generateChunks(ctx, 0, 20)];
    const loader = await openChunkLoader(database);
    try {
      await expect(loader.insert('d4ps1c00000000000pg0', chunk!)).rejects.toThrow(/duplicate key/);
      await expect(loader.insert('d4ps1c00000000000pg0', { ...chunk!, summaries: [], cycles: [] })).rejects.toThrow(/duplicate key/);
    } finally {
      await loader.close();
    }
    expect(await database.query<{ n: number }>('SELECT count(*)::int AS n FROM transaction_summaries')).toEqual([{ n: 1200 }]);
  });
});
