import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '../contract/credentials.ts';
import { totalCountHeader } from '../contract/headers.ts';
import type { Stats } from '../contract/stats.ts';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { upsertProviders } from './providers/providers-sync.ts';
import { seedOrganization } from './seed/seed-organization.ts';
import { bearer } from './test/harness.ts';
import { postgresBinDir, startReplicaCluster, type ReplicaCluster } from './test/replica-cluster.ts';

const bin = postgresBinDir();
if (!bin) console.warn('No PostgreSQL server binaries under /usr/lib/postgresql: the read-replica suite is skipped.');

async function one<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

describe.skipIf(!bin)('a streaming read replica (DATABASE_READ_URL)', () => {
  let cluster: ReplicaCluster;
  let database: Database;
  let app: ApiInstance;

  /** Waits until the standby has replayed everything the primary wrote so far (bounded: 30 s). */
  async function caughtUp(): Promise<void> {
    const { lsn } = await one<{ lsn: string }>(cluster.primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      const { behind } = await one<{ behind: boolean }>(cluster.replicaUrl, `select pg_wal_lsn_diff('${lsn}', pg_last_wal_replay_lsn()) > 0 as behind`);
      if (!behind) return;
    }
    throw new Error('the standby did not catch up within 30 s');
  }
  const replay = (action: 'pause' | 'resume') => one(cluster.replicaUrl, `select pg_wal_replay_${action}()`);

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    database = await openDatabase({ databaseUrl: cluster.primaryUrl, readUrl: cluster.replicaUrl });
    await upsertProviders(database.db);
    app = await buildApp({ database, webRoot: null, totalCacheSeconds: 0 }); // totals recounted: the test reads before and after replay
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    cluster?.stop();
  });

  it('serves lists, stats and exports from the replica, and writes and reads-after-write from the primary', async () => {
    const seen = await seedOrganization(database, { seed: 21, summaries: 40, organizationId: 'orgreplicaaaaaaaaaaa', organizationName: 'Seen', merchants: 2 });
    await caughtUp();
    await replay('pause');
    try {
      // written while the standby does not replay: on the primary only
      const late = await seedOrganization(database, { seed: 22, summaries: 30, organizationId: 'orgreplicabbbbbbbbbb', organizationName: 'Late', merchants: 2 });
      const token = await bearer(database, late.organizationId); // the token lookup reads the primary
      const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers: { authorization: token, ...headers } });

      const list = await get('/v1/transactions/summaries?limit=100');
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      expect(list.headers[totalCountHeader]).toBe('0');
      expect((await get('/v1/events?limit=100')).json()).toEqual([]);
      expect((await get('/v1/transactions/stats')).json<Stats>().totals.count).toBe(0);
      const csv = await get('/v1/transactions/summaries', { accept: 'text/csv' });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split('\r\n')).toHaveLength(1); // the header only

      // a single summary is a read-after-write path: the primary has it
      const [row] = await database.query<{ id: string }>('select id from transaction_summaries where organization_id = $1 limit 1', [late.organizationId]);
      const id = row?.id ?? 'missing';
      expect((await get(`/v1/transactions/summaries/${id}`)).statusCode).toBe(200);

      // a connection created now is found at once, alone and in the list, though the standby lags
      const created = await app.inject({
        method: 'POST',
        url: '/v1/credentials',
        headers: { authorization: token },
        payload: { merchantId: late.merchantIds[0], providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: { merchantIdentifier: 'REPLICA1', terminalIdentifier: 'T1' } },
      });
      expect(created.statusCode).toBe(201);
      const credential = created.json<Credential>();
      expect((await get(`/v1/credentials/${credential.id}`)).statusCode).toBe(200);
      expect((await get('/v1/credentials?limit=100')).json<Credential[]>().map((c) => c.id)).toContain(credential.id);

      await replay('resume');
      await caughtUp();
      const after = await get('/v1/transactions/summaries?limit=100');
      expect(after.headers[totalCountHeader]).toBe('30');
      expect((await get('/v1/transactions/stats')).json<Stats>().totals.count).toBe(30);
      const seenToken = await bearer(database, seen.organizationId);
      expect((await app.inject({ url: '/v1/transactions/summaries?limit=100', headers: { authorization: seenToken } })).headers[totalCountHeader]).toBe('40');
    } finally {
      await replay('resume');
    }
  });

  it('is ready only while the replica answers too; then lists answer 503 and writes still succeed', async () => {
    expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    cluster.stopReplica();
    const ready = await app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toMatch(/problem\+json/);
    const token = await bearer(database, 'orgreplicaaaaaaaaaaa');
    const list = await app.inject({ url: '/v1/transactions/summaries', headers: { authorization: token } });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBeDefined();
    expect((await app.inject({ url: '/v1/credentials', headers: { authorization: token } })).statusCode).toBe(200);
  });
});

describe('DATABASE_READ_URL without DATABASE_URL', () => {
  it('is refused with a message naming both variables', async () => {
    await expect(openDatabase({ readUrl: 'postgres://127.0.0.1:1/x' })).rejects.toThrow(/DATABASE_READ_URL.*DATABASE_URL/);
  });
});
