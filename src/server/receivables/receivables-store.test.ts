import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, type NotificationInput } from '../../contract/notifications.ts';
import type { Database } from '../db/client.ts';
import { receivables } from '../db/schema.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { drainDueEvents } from '../processing/worker.ts';
import { seedOrganization } from '../seed/seed-organization.ts';
import { backends, createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { createLiveOrg, fastPolicy, notification } from '../test/notification-fixture.ts';
import { backfillReceivables } from './backfill.ts';
import { isBusinessDay } from './business-calendar.ts';

const org = 'orgrecvaaaaaaaaaaaaa';

async function ingest(database: Database, bodies: NotificationInput[]): Promise<void> {
  for (const body of bodies) expect((await ingestNotification(database.db, organizationOf, Notification.parse(body), Buffer.from(JSON.stringify(body)))).kind).toBe('created');
}
let organizationOf = '';

describe.each(backends)('receivables stored on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let test: TestDatabase;
    beforeAll(async () => {
      test = await createTestDatabase(kind);
      await seedOrganization(test.database, { seed: 25, summaries: 400, organizationId: org, organizationName: 'Receivables', merchants: 3 });
    });
    afterAll(async () => test?.dispose());

    it('backfills every captured sale once, its receivables adding up to what the sale kept, the daily totals in step', async () => {
      const indexesNow = () => test.database.query<{ name: string; definition: string }>(`select indexname as name, indexdef as definition from pg_indexes where tablename = 'receivables' order by 1`);
      const before = await indexesNow();
      const rebuilt: string[] = [];
      // bulk from the first sale: the empty table's list indexes are dropped for the run and rebuilt after
      const first = await backfillReceivables(test.database.db, { organizationId: org, batchSize: 97, bulk: test.database, bulkFrom: 1, onIndexRebuild: (name) => rebuilt.push(name) });
      expect(first.sales).toBeGreaterThan(100);
      expect(rebuilt.length).toBeGreaterThan(0);
      expect(rebuilt).not.toContain('receivables_summary_idx');
      expect(await indexesNow()).toEqual(before);
      expect((await backfillReceivables(test.database.db, { organizationId: org })).sales).toBe(0);
      // per sale, from the cycles alone: approved captures less approved refunds, voids and reversals (never below zero)
      const mismatched = await test.database.query<{ id: string }>(
        `with kept as (
           select s.id, greatest(0, coalesce(sum(c.amount_minor) filter (where c.type = 'capture' and c.status = 'approved'), 0)
                  - coalesce(sum(c.amount_minor) filter (where c.type in ('refund', 'void', 'reversal') and c.status = 'approved'), 0)) as kept,
                  coalesce(sum(c.amount_minor) filter (where c.type = 'capture' and c.status = 'approved'), 0) as captured
             from transaction_summaries s join cycles c on c.summary_id = s.id where s.organization_id = $1 group by s.id)
         select k.id from kept k left join (select summary_id, sum(gross_minor) as gross, count(*) as n from receivables group by summary_id) r on r.summary_id = k.id
          where (k.captured > 0 and (r.gross is null or r.gross <> k.kept)) or (k.captured = 0 and r.n is not null)`,
        [org],
      );
      expect(mismatched).toEqual([]);
      const rows = await test.database.db.select().from(receivables).where(eq(receivables.organizationId, org));
      for (const r of rows) {
        expect(r.grossMinor - r.feeMinor).toBe(r.netMinor);
        expect(isBusinessDay(r.dueDate)).toBe(true);
      }
      const drift = await test.database.query<{ n: string }>(
        `select count(*) as n from (
           select organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count(*) as count, sum(gross_minor) as g, sum(fee_minor) as f, sum(cost_fee_minor) as c, sum(net_minor) as n
             from receivables where organization_id = $1 group by 1, 2, 3, 4, 5, 6, 7, 8
           except select organization_id, merchant_id, due_date, acquirer, brand, product, payment_method, status, count, gross_minor, fee_minor, cost_fee_minor, net_minor
             from receivable_daily where organization_id = $1 and count <> 0) x`,
        [org],
      );
      expect(Number(drift[0]?.n)).toBe(0);
    });

    it('schedules a live capture in the transaction that processes it, and a refund reduces it', async () => {
      const live = await createLiveOrg(test.database);
      organizationOf = live.organizationId;
      const id = `recv${Date.now().toString(36)}`;
      const base = { id, amount: 30_001, installments: 3 };
      await ingest(test.database, [notification(live, base), notification(live, { ...base, transactionType: 'capture' })]);
      await drainDueEvents(test.database, { policy: fastPolicy, batchSize: 50 });
      const rowsOf = async () =>
        test.database.query<{ installment: number; gross_minor: string; status: string }>(
          'select r.installment, r.gross_minor, r.status from receivables r join transaction_summaries s on s.id = r.summary_id where s.gateway_transaction_id = $1 order by r.installment',
          [id],
        );
      expect((await rowsOf()).map((r) => [r.installment, String(r.gross_minor), r.status])).toEqual([[1, '10001', 'scheduled'], [2, '10000', 'scheduled'], [3, '10000', 'scheduled']]);
      await ingest(test.database, [notification(live, { ...base, transactionType: 'refund', amount: 12_000 })]);
      await drainDueEvents(test.database, { policy: fastPolicy, batchSize: 50 });
      expect((await rowsOf()).map((r) => [r.installment, String(r.gross_minor), r.status])).toEqual([[1, '10001', 'scheduled'], [2, '8000', 'scheduled'], [3, '0', 'cancelled']]);
    });
  });
});
