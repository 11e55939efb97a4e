import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, type NotificationInput } from '../../contract/notifications.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { backends, createTestDatabase, insertOrganization, postgresUrlOf, type TestDatabase } from '../test/harness.ts';
import { connect, counts, eventRow, notification, type LiveOrg } from '../test/notification-fixture.ts';
import { rollupsFromSummaries, rollupsStored } from '../test/rollup-check.ts';
import { drainDueEvents } from './worker.ts';

const HOUR = 3_600_000;
// short backoffs, but enough attempts to outwait another worker's 200 ms hold on the same sale
const policy = { maxAttempts: 30, baseDelayMs: 1, maxDelayMs: 50 };

async function ingest(database: Database, org: LiveOrg, bodies: NotificationInput[]): Promise<void> {
  for (const body of bodies) {
    const raw = Buffer.from(JSON.stringify(body));
    expect((await ingestNotification(database.db, org.organizationId, Notification.parse(body), raw)).kind).toBe('created');
  }
}

/** Sales of every shape over two merchants and five hours, as three waves of notifications (later steps arrive later). */
function sales(terminals: [LiveOrg, LiveOrg], now: number): NotificationInput[][] {
  const waves: NotificationInput[][] = [[], [], []];
  for (let k = 0; k < 48; k++) {
    const org = terminals[k % 2] as LiveOrg;
    const createdAt = new Date(now - (k % 5) * HOUR - k * 7_000).toISOString();
    const amount = 1_000 + k * 37;
    const step = (overrides: Partial<NotificationInput>) => notification(org, { id: `sale${k}x${now}`, createdAt, amount, ...overrides });
    const auth = step({});
    const capture = step({ transactionType: 'capture' });
    switch (k % 8) {
      case 0: waves[0]?.push(auth, capture); break; // created and moved within one wave
      case 1: waves[0]?.push(auth); waves[1]?.push(capture); break; // moved by a later batch
      case 2: {
        // a partial refund; every other time the rest refunded too (two refunds, maybe in two batches): refunded in full
        const third = Math.floor(amount / 3);
        const rest = k % 16 === 2 ? [] : [step({ transactionType: 'refund', amount: amount - third, retrievalReferenceNumber: `9${String(k).padStart(11, '0')}` })];
        waves[0]?.push(auth); waves[1]?.push(capture); waves[2]?.push(step({ transactionType: 'refund', amount: third }), ...rest); break;
      }
      case 3: waves[0]?.push(step({ transactionStatus: 'denied', acquirerResponseCode: '51', authorizationCode: null })); break;
      case 4: waves[0]?.push(step({ transactionType: 'pre_authorization' })); waves[1]?.push(step({ transactionType: 'void' })); break;
      case 5: waves[0]?.push(capture, auth); break; // out of order: the capture waits for a retry
      case 6: waves[1]?.push(step({ paymentMethod: 'pix', cardData: null }), step({ transactionType: 'capture', paymentMethod: 'pix', cardData: null })); break;
      default: waves[0]?.push(auth); waves[2]?.push(capture, step({ transactionType: 'capture', amount: amount + 1 })); // the second exceeds the sale
    }
  }
  return waves;
}

describe.each(backends)('set-based batches on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let test: TestDatabase;
    let workers: Database[];
    beforeAll(async () => {
      test = await createTestDatabase(kind);
      // PostgreSQL: two workers on their own pools at once, as two processes would
      workers = kind === 'postgres' ? [test.database, await openDatabase({ databaseUrl: await postgresUrlOf(test.database) })] : [test.database];
    });
    afterAll(async () => {
      for (const extra of workers.slice(1)) await extra.close();
      await test?.dispose();
    });
    const drainAll = async (batchSize: number) => {
      for (let round = 0; round < 200; round++) {
        await Promise.all(workers.map((w) => drainDueEvents(w, { policy, batchSize })));
        const [row] = await test.database.query<{ n: number }>("select count(*)::int as n from events where event_status = 'pending'");
        if (row?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    it('keeps the stats rollups equal to totals computed from the summaries, sale by sale and across batches', async () => {
      await insertOrganization(test.database, 'orgbatch', ['merbatch1', 'merbatch2']);
      const terminals: [LiveOrg, LiveOrg] = [
        { organizationId: 'orgbatch', merchantId: 'merbatch1', taxId: '11111111000191', mid: '5550001', tid: 'B0000001', secret: '' },
        { organizationId: 'orgbatch', merchantId: 'merbatch2', taxId: '11111111000191', mid: '5550002', tid: 'B0000002', secret: '' },
      ];
      for (const t of terminals) await connect(test.database, t, t.mid, t.tid);
      const waves = sales(terminals, Date.now());
      for (const [i, wave] of waves.entries()) {
        await ingest(test.database, terminals[0], wave);
        await drainAll(5 + i * 2);
      }
      const outcomes = await test.database.query<{ key: string; n: number }>(
        "select event_status || coalesce(':' || failure_reason, '') as key, count(*)::int as n from events where organization_id = 'orgbatch' group by 1 order by 1",
      );
      const total = waves.flat().length;
      expect(outcomes).toEqual([
        { key: 'failed:amount_mismatch', n: 6 },
        { key: 'processed', n: total - 6 },
      ]);
      const statuses = await test.database.query<{ status: string }>("select distinct status from transaction_summaries where organization_id = 'orgbatch' order by 1");
      expect(statuses.map((s) => s.status)).toEqual(['approved', 'canceled', 'denied', 'partially_refunded', 'refunded']);
      expect(await counts(test.database, 'orgbatch')).toEqual({ events: total, summaries: 48, cycles: total - 6 });
      // each sale's captured and refunded sums are its approved cycles', and its status follows them
      const off = await test.database.query<{ id: string }>(`select t.id from transaction_summaries t
          left join (select summary_id, sum(amount_minor) filter (where type = 'capture') as cap, sum(amount_minor) filter (where type = 'refund') as ref
                       from cycles where status = 'approved' group by summary_id) c on c.summary_id = t.id
         where t.organization_id = 'orgbatch' and (t.captured_minor <> coalesce(c.cap, 0) or t.refunded_minor <> coalesce(c.ref, 0)
           or (t.status = 'refunded') <> (c.ref > 0 and c.ref = c.cap) or (t.status = 'partially_refunded') <> (c.ref > 0 and c.ref < c.cap))`);
      expect(off).toEqual([]);
      const stored = await rollupsStored(test.database, 'orgbatch');
      expect(stored.hourly.length).toBeGreaterThan(10);
      expect(stored).toEqual(await rollupsFromSummaries(test.database, 'orgbatch'));
    });

    it('applies a batch one event at a time when it fails unexpectedly: only the culprit counts an attempt and waits', async () => {
      await insertOrganization(test.database, 'orgboom', ['merboom']);
      const org: LiveOrg = { organizationId: 'orgboom', merchantId: 'merboom', taxId: '11111111000191', mid: '5550003', tid: 'B0000003', secret: '' };
      await connect(test.database, org, org.mid, org.tid);
      // a database error no business rule foresees, on one sale only
      await test.database.exec(`create function boom() returns trigger language plpgsql as $$ begin
          if new.gateway_transaction_id = 'boom' then raise exception 'disk on fire'; end if; return new; end $$;
        create trigger boom before insert on transaction_summaries for each row execute function boom();`);
      const culprit = notification(org, { id: 'boom' });
      const others = [notification(org), notification(org), notification(org), notification(org)];
      const bodies = [...others.slice(0, 2), culprit, ...others.slice(2)];
      await ingest(test.database, org, bodies);
      const seen: string[] = [];
      await drainDueEvents(test.database, { policy: { ...policy, baseDelayMs: 60_000, maxDelayMs: 60_000 }, batchSize: 10, afterEvent: (id, outcome) => void seen.push(`${id}:${typeof outcome === 'string' ? outcome : outcome.status}`) });
      await test.database.exec('drop trigger boom on transaction_summaries; drop function boom()');
      expect(seen.sort()).toEqual(bodies.map((b) => `${b.eventId}:${b === culprit ? 'error' : 'processed'}`).sort());
      for (const body of others) expect(await eventRow(test.database, body.eventId)).toMatchObject({ eventStatus: 'processed', attempts: 1 });
      const failed = await eventRow(test.database, culprit.eventId);
      expect(failed).toMatchObject({ eventStatus: 'pending', attempts: 1, summaryId: null });
      expect(failed.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);
      expect(await counts(test.database, 'orgboom')).toEqual({ events: 5, summaries: 4, cycles: 4 });
      expect(await rollupsStored(test.database, 'orgboom')).toEqual(await rollupsFromSummaries(test.database, 'orgboom'));
    });
  });
});
