import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, type NotificationInput } from '../../contract/notifications.ts';
import type { Caller } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { drainDueEvents } from '../processing/worker.ts';
import { seedOrganization } from '../seed/seed-organization.ts';
import { backends, createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { createLiveOrg, fastPolicy, notification, type LiveOrg } from '../test/notification-fixture.ts';
import { backfillReceivables } from './backfill.ts';
import { addDays } from './business-calendar.ts';
import { rollupFilter } from './query.ts';
import { rollupTotals } from './rollup-sums.ts';

const org = 'orgrollupaaaaaaaaaaa';
const dims = 'organization_id, merchant_id, acquirer, brand, product, payment_method, status';
const sums = 'count(*) as count, sum(gross_minor) as g, sum(fee_minor) as f, sum(cost_fee_minor) as c, sum(net_minor) as n';
const kept = 'count, gross_minor, fee_minor, cost_fee_minor, net_minor';

/** Groups where a rollup and the receivables differ, both ways (a rollup row of count 0 is no group). */
async function drift(database: Database): Promise<{ daily: number; monthly: number }> {
  const differs = async (rows: string, rollup: string) => {
    const [row] = await database.query<{ n: string }>(`select count(*) as n from ((${rows} except ${rollup}) union all (${rollup} except ${rows})) x`);
    return Number(row?.n);
  };
  return {
    daily: await differs(`select ${dims}, due_date, ${sums} from receivables group by ${dims}, due_date`, `select ${dims}, due_date, ${kept} from receivable_daily where count <> 0`),
    monthly: await differs(
      `select ${dims}, date_trunc('month', due_date)::date, ${sums} from receivables group by ${dims}, 8`,
      `select ${dims}, month, ${kept} from receivable_monthly where count <> 0`,
    ),
  };
}

describe.each(backends)('receivable rollups on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let test: TestDatabase;
    let live: LiveOrg;
    const ingest = async (bodies: NotificationInput[]) => {
      for (const body of bodies) await ingestNotification(test.database.db, live.organizationId, Notification.parse(body), Buffer.from(JSON.stringify(body)));
      await drainDueEvents(test.database, { policy: fastPolicy, batchSize: 50 });
    };
    beforeAll(async () => {
      test = await createTestDatabase(kind);
      await seedOrganization(test.database, { seed: 32, summaries: 500, organizationId: org, organizationName: 'Rollups', merchants: 3 });
      live = await createLiveOrg(test.database);
    });
    afterAll(async () => test?.dispose());

    it('per day and per month equal the sums of the receivables after a backfill, sales, refunds and settlements', async () => {
      expect((await backfillReceivables(test.database.db, { organizationId: org, batchSize: 61, overdueOneIn: 3 })).sales).toBeGreaterThan(100);
      expect(await drift(test.database)).toEqual({ daily: 0, monthly: 0 });
      const id = `roll${Date.now().toString(36)}`;
      const sale = { id, amount: 90_007, installments: 6 };
      await ingest([notification(live, sale), notification(live, { ...sale, transactionType: 'capture' })]);
      await ingest([notification(live, { ...sale, transactionType: 'refund', amount: 20_000 })]);
      expect(await drift(test.database)).toEqual({ daily: 0, monthly: 0 });
      // settlement (reconciliation's update): the open first installments paid, as a statement line would settle them
      const settle = (where: string, param: string) =>
        test.database.query<{ id: string }>(`update receivables set status = 'settled', settled_at = now(), updated_at = now() where status = 'scheduled' and ${where} returning id`, [param]);
      const paid = await settle('organization_id = $1 and installment <= 3', live.organizationId);
      expect(paid.length).toBe(3);
      const settled = await settle(`id in (select id from receivables where organization_id = $1 and status = 'scheduled' and installment = 1 order by id limit 60)`, org);
      expect(settled.length).toBeGreaterThan(10);
      expect(await drift(test.database)).toEqual({ daily: 0, monthly: 0 });
      // a refund after payment: the open ones reduced, an adjustment booked, the settled ones adjusted
      await ingest([notification(live, { ...sale, transactionType: 'refund', amount: 70_007 })]);
      const after = await test.database.query<{ kind: string; status: string }>(`select kind, status from receivables where organization_id = $1`, [live.organizationId]);
      expect(after.some((r) => r.kind === 'adjustment')).toBe(true);
      expect(after.some((r) => r.status === 'adjusted')).toBe(true);
      expect(await drift(test.database)).toEqual({ daily: 0, monthly: 0 });
    });

    it('totals any filter and span from the rollups exactly as the receivables add up', async () => {
      const [range] = await test.database.query<{ lo: string; hi: string }>(`select min(due_date)::text as lo, max(due_date)::text as hi from receivables where organization_id = $1`, [org]);
      const merchantIds = (await test.database.query<{ id: string }>('select distinct merchant_id as id from receivables where organization_id = $1', [org])).map((m) => m.id);
      const lo = range?.lo ?? '';
      const today = addDays(lo, 200);
      const caller: Caller = { tokenId: 'rollup-test', organizationId: org, organizationName: 'Rollups', merchantIds: null, scopes: [], mode: 'test' };
      const date = fc.integer({ min: -20, max: 600 }).map((n) => addDays(lo, n));
      const filters = fc.record(
        {
          merchant_id: fc.constantFrom(...merchantIds),
          acquirer: fc.constantFrom('cielo', 'rede', 'stone', 'getnet'),
          brand: fc.constantFrom('visa', 'mastercard', 'elo', 'pix'),
          payment_method: fc.constantFrom('credit_card', 'debit_card', 'pix'),
          status: fc.constantFrom('scheduled', 'overdue', 'settled', 'cancelled', 'adjusted'),
          due_date: fc.oneof(date, fc.tuple(fc.option(date, { nil: '' }), fc.option(date, { nil: '' })).map(([a, b]) => (a && b && a > b ? `${b}..${a}` : `${a}..${b}`))),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(filters, async (q) => {
          if (q.due_date === '..') delete q.due_date;
          const { dims, span } = rollupFilter(caller, q, today);
          const got = await rollupTotals(test.database.db, dims, span);
          const where = ['organization_id = $1'];
          const params: string[] = [org];
          const add = (clause: string, value: string) => where.push(clause.replace('?', `$${params.push(value)}`));
          if (q.merchant_id) add('merchant_id = ?', q.merchant_id);
          if (q.acquirer) add('acquirer = ?', q.acquirer);
          if (q.brand) add('brand = ?', q.brand);
          if (q.payment_method) add('payment_method = ?', q.payment_method);
          if (q.status === 'overdue') add(`status = 'scheduled' and due_date < ?`, today);
          else if (q.status === 'scheduled') add(`status = 'scheduled' and due_date >= ?`, today);
          else if (q.status) add('status = ?', q.status);
          const [from, to] = q.due_date?.includes('..') ? q.due_date.split('..') : [q.due_date, q.due_date];
          if (from) add('due_date >= ?', from);
          if (to) add('due_date <= ?', to);
          const [want] = await test.database.query<{ count: string; gross: string; net: string; fee: string; cost: string }>(
            `select count(*)::text as count, coalesce(sum(gross_minor), 0)::text as gross, coalesce(sum(fee_minor), 0)::text as fee, coalesce(sum(net_minor), 0)::text as net,
               coalesce(sum(cost_fee_minor), 0)::text as cost from receivables where ${where.join(' and ')}`,
            params,
          );
          expect(got).toEqual(want);
        }),
        { numRuns: 60 },
      );
      expect(range?.hi).toBeDefined();
    });
  });
});
