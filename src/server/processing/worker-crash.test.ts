import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, type NotificationInput } from '../../contract/notifications.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { backends, createTestDatabase, postgresUrlOf, type TestDatabase } from '../test/harness.ts';
import { counts, createLiveOrg, notification, type LiveOrg } from '../test/notification-fixture.ts';
import { rollupsFromSummaries, rollupsStored } from '../test/rollup-check.ts';
import { drainDueEvents } from './worker.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const sales = 60;
const batchSize = 25;

describe.skipIf(!backends[1]?.available)('a worker process killed mid-batch on PostgreSQL', () => {
  let test: TestDatabase;
  let org: LiveOrg;
  let bodies: NotificationInput[];
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    org = await createLiveOrg(test.database);
    // each sale's authorization then its capture, in claim order
    bodies = Array.from({ length: sales }, (_, k) => {
      const auth = notification(org, { amount: 1_000 + k });
      return [auth, notification(org, { id: auth.id, amount: auth.amount, transactionType: 'capture' })];
    }).flat();
    for (const body of bodies) {
      const raw = Buffer.from(JSON.stringify(body));
      await ingestNotification(test.database.db, org.organizationId, Notification.parse(body), raw);
    }
  });
  afterAll(async () => test?.dispose());

  it('loses nothing and processes nothing twice: SIGKILL before a commit, then a new worker finishes', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/stalling-worker.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: await postgresUrlOf(test.database), BATCH_SIZE: String(batchSize), COMMITTED_BATCHES: '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const openTransactions = async () =>
      (await test.database.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'"))[0]?.n;
    try {
      for (const began = Date.now(); !output.includes('stalled before commit'); await new Promise((r) => setTimeout(r, 50))) {
        if (Date.now() - began > 60_000 || child.exitCode !== null) throw new Error(`the worker did not stall: ${output}`);
      }
      // the third batch is written and its transaction open, holding its events
      expect(await openTransactions()).toBe(1);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    // PostgreSQL rolls the dead client's transaction back once it sees the connection gone
    for (let waited = 0; (await openTransactions()) !== 0 && waited < 100; waited++) await new Promise((r) => setTimeout(r, 100));
    expect(output.match(/committed \d+/g)).toEqual([`committed ${batchSize}`, `committed ${batchSize}`]);

    // what the two committed batches did, and nothing of the third
    const byStatus = async () =>
      test.database.query<{ event_status: string; attempts: number; n: number }>(
        'select event_status, attempts, count(*)::int as n from events where organization_id = $1 group by 1, 2 order by 1, 2',
        [org.organizationId],
      );
    expect(await byStatus()).toEqual([
      { event_status: 'pending', attempts: 0, n: bodies.length - 2 * batchSize },
      { event_status: 'processed', attempts: 1, n: 2 * batchSize },
    ]);
    expect(await counts(test.database, org.organizationId)).toEqual({ events: bodies.length, summaries: batchSize, cycles: 2 * batchSize });

    await drainDueEvents(test.database, { batchSize });
    expect(await byStatus()).toEqual([{ event_status: 'processed', attempts: 1, n: bodies.length }]);
    const perSale = await test.database.query<{ steps: string }>(
      `select string_agg(c.type, ',' order by c.seq) as steps from transaction_summaries s join cycles c on c.summary_id = s.id
        where s.organization_id = $1 group by s.id`,
      [org.organizationId],
    );
    // one summary per sale, each with its authorization and its capture once
    expect(perSale.length).toBe(sales);
    expect(new Set(perSale.map((p) => p.steps))).toEqual(new Set(['authorization,capture']));
    expect(await rollupsStored(test.database, org.organizationId)).toEqual(await rollupsFromSummaries(test.database, org.organizationId));
  }, 90_000);
});
