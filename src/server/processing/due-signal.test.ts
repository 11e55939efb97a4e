import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification } from '../../contract/notifications.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { backends, createTestDatabase, postgresUrlOf, type TestDatabase } from '../test/harness.ts';
import { createLiveOrg, eventRow, notification } from '../test/notification-fixture.ts';
import { dueChannel, DueNotifier } from './due-signal.ts';
import { startWorker } from './worker.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!backends[1]?.available)('due signal (NOTIFY) on PostgreSQL', () => {
  let test: TestDatabase;
  let url: string;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    url = await postgresUrlOf(test.database);
  });
  afterAll(async () => test?.dispose());

  it('wakes a worker of another pool at once, long before its idle poll', async () => {
    const org = await createLiveOrg(test.database);
    const other: Database = await openDatabase({ databaseUrl: url });
    const store = async () => {
      const body = notification(org);
      await ingestNotification(test.database.db, org.organizationId, Notification.parse(body), Buffer.from(JSON.stringify(body)));
      return body.eventId;
    };
    const processed = async (eventId: string, withinMs: number) => {
      for (const began = Date.now(); Date.now() - began < withinMs; await sleep(50)) if ((await eventRow(test.database, eventId)).eventStatus === 'processed') return true;
      return false;
    };
    const first = await store();
    const worker = startWorker(other, { listen: url, idleMs: 120_000 });
    try {
      // its first look processes the first event; the next finds nothing and sleeps two minutes unless signalled
      expect(await processed(first, 30_000)).toBe(true);
      await sleep(500);
      const second = await store();
      new DueNotifier(test.database).notify();
      expect(await processed(second, 30_000)).toBe(true);
    } finally {
      await worker.stop();
      await other.close();
    }
  });

  it('sends one NOTIFY for a burst, and one more for the burst\'s end', async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    let heard = 0;
    listener.on('notification', () => heard++);
    await listener.query(`LISTEN ${dueChannel}`);
    try {
      const notifier = new DueNotifier(test.database, 200);
      for (let i = 0; i < 50; i++) notifier.notify();
      await sleep(1000);
      expect(heard).toBe(2);
    } finally {
      await listener.end();
    }
  });
});
