import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { providerCatalog } from '../providers/providers-catalog.ts';
import { rollupsFromSummaries, rollupsStored } from '../test/rollup-check.ts';
import { demoOrganization, seedDemo } from './demo.ts';
import { seedOrganization } from './seed-organization.ts';
import { testAnchor } from './test-fixtures.ts';

const count = async (database: Database, sql: string, params: unknown[] = []) =>
  Number((await database.query<{ n: string }>(sql, params))[0]?.n);

describe('loading into PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    await database.close();
  });

  it('seeds the demo organization with providers, merchants, summaries, cycles and events', async () => {
    const progress: number[] = [];
    const demo = await seedDemo(database, { seed: 1, summaries: 800, anchor: testAnchor, onProgress: (done) => progress.push(done) });
    expect(demo.organizationId).toBe(demoOrganization.id);
    expect(demo.merchantIds).toHaveLength(6);
    expect(progress.at(-1)).toBe(800);
    expect(await count(database, 'SELECT count(*) AS n FROM providers')).toBe(providerCatalog.length);
    expect(await count(database, 'SELECT count(*) AS n FROM merchants WHERE organization_id = $1', [demo.organizationId])).toBe(6);
    expect(await count(database, 'SELECT count(*) AS n FROM transaction_summaries')).toBe(800);
    const perSummary = await database.query<{ min: number; max: number }>(
      'SELECT min(n)::int AS min, max(n)::int AS max FROM (SELECT count(*) AS n FROM cycles GROUP BY summary_id) t',
    );
    expect(perSummary[0]).toEqual({ min: 1, max: 4 });
    expect(await count(database, 'SELECT count(*) AS n FROM transaction_summaries s WHERE NOT EXISTS (SELECT 1 FROM cycles c WHERE c.summary_id = s.id)')).toBe(0);
  });

  it('seeds a second organization with the same seed without any id collision, and reports exact counts', async () => {
    const other = await seedOrganization(database, {
      seed: 1,
      summaries: 600,
      organizationId: 'd4ps1c00000000000org',
      organizationName: 'Outra Subadquirente Ltda',
      merchants: 3,
      anchor: testAnchor,
      chunkSize: 400,
    });
    expect(other.merchantIds).toHaveLength(3);
    expect(await count(database, 'SELECT count(*) AS n FROM transaction_summaries WHERE organization_id = $1', [other.organizationId])).toBe(other.summaries);
    expect(await count(database, "SELECT count(*) AS n FROM cycles c JOIN transaction_summaries s ON s.id = c.summary_id WHERE s.organization_id = $1", [other.organizationId])).toBe(other.cycles);
    expect(await count(database, 'SELECT count(*) AS n FROM events WHERE organization_id = $1', [other.organizationId])).toBe(other.events);
    expect(await count(database, 'SELECT count(*) AS n FROM transaction_summaries')).toBe(1400);
  });

  it('refuses to load the same seed range twice, and appends after it', async () => {
    const options = { seed: 1, summaries: 10, organizationId: demoOrganization.id, organizationName: demoOrganization.name, anchor: testAnchor };
    await expect(seedOrganization(database, options)).rejects.toThrow(/already loaded/);
    const appended = await seedOrganization(database, { ...options, startIndex: 800 });
    expect(appended.merchantIds).toHaveLength(6);
    expect(await count(database, 'SELECT count(*) AS n FROM transaction_summaries WHERE organization_id = $1', [demoOrganization.id])).toBe(810);
  });

  it('bulk mode drops and rebuilds the secondary indexes exactly as the migrations define them', async () => {
    const indexes = () => database.query<{ indexname: string; indexdef: string }>("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname");
    const before = await indexes();
    expect(before.some((i) => i.indexname === 'summaries_org_created_idx')).toBe(true);
    const rebuilt: string[] = [];
    const result = await seedOrganization(database, {
      seed: 9,
      summaries: 300,
      organizationId: 'd4ps1c0000000000bulk',
      organizationName: 'Bulk Ltda',
      anchor: testAnchor,
      bulk: true,
      onIndexRebuild: (name) => rebuilt.push(name),
    });
    expect(result.summaries).toBe(300);
    expect(rebuilt).toHaveLength(29);
    expect(rebuilt).toContain('summaries_org_acquirer_sort_idx');
    expect(await indexes()).toEqual(before);
    expect(await count(database, 'SELECT count(*) AS n FROM cycles c WHERE NOT EXISTS (SELECT 1 FROM transaction_summaries s WHERE s.id = c.summary_id)')).toBe(0);
    // the rollup triggers were skipped: the load added its rows to the stats rollups itself, at the end
    expect(await rollupsStored(database)).toEqual(await rollupsFromSummaries(database));
  });

  it('loads the same rows whether generator threads or this thread make them', async () => {
    const rows = (db: Database) =>
      db.query(
        `SELECT (SELECT md5(string_agg(t::text, ',' ORDER BY t.id)) FROM transaction_summaries t) AS s, (SELECT md5(string_agg(c::text, ',' ORDER BY c.id)) FROM cycles c) AS c,
                (SELECT md5(string_agg(e::text, ',' ORDER BY e.event_id)) FROM events e) AS e`,
      );
    const options = { seed: 5, summaries: 900, organizationId: 'd4ps1c000000000thr00', organizationName: 'Threads Ltda', merchants: 2, anchor: testAnchor, chunkSize: 100 };
    const inline = await openDatabase({});
    const threaded = await openDatabase({});
    try {
      const one = await seedOrganization(inline, options);
      const other = await seedOrganization(threaded, { ...options, workers: 3 });
      expect(other).toEqual(one);
      expect(await rows(threaded)).toEqual(await rows(inline));
    } finally {
      await inline.close();
      await threaded.close();
    }
  });
});
