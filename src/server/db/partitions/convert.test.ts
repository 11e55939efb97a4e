import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalCountExactHeader, totalCountHeader } from '../../../contract/headers.ts';
import { drainDueEvents } from '../../processing/worker.ts';
import { postgresAvailable } from '../../test/harness.ts';
import { fastPolicy, notification, postNotification } from '../../test/notification-fixture.ts';
import { createPartitionFixture, type PartitionFixture } from '../../test/partition-fixture.ts';
import { rollupsFromSummaries, rollupsStored } from '../../test/rollup-check.ts';
import { partitionedTables } from './months.ts';

describe.skipIf(!postgresAvailable)('npm run partition -- convert (PostgreSQL)', () => {
  let f: PartitionFixture;
  beforeAll(async () => {
    f = await createPartitionFixture();
  });
  afterAll(async () => f?.close());

  const answer = async (url: string, token: string) => {
    const res = await f.app.inject({ url, headers: { authorization: token } });
    return { url, status: res.statusCode, total: res.headers[totalCountHeader], exact: res.headers[totalCountExactHeader], link: res.headers.link, body: res.body };
  };
  /** every row of an organization in the three tables, as PostgreSQL prints them, in key order */
  const checksums = (organizationId: string) =>
    f.database.query(
      `select (select md5(string_agg(t::text, ',' order by t.id)) from transaction_summaries t where organization_id = $1) as s,
              (select md5(string_agg(c::text, ',' order by c.id)) from cycles c join transaction_summaries t on t.id = c.summary_id where t.organization_id = $1) as c,
              (select md5(string_agg(e::text, ',' order by e.event_id)) from events e where organization_id = $1) as e`,
      [organizationId],
    );
  const counts = async () =>
    (await f.database.query<{ s: number; c: number; e: number }>('select (select count(*)::int from transaction_summaries) as s, (select count(*)::int from cycles) as c, (select count(*)::int from events) as e'))[0];

  it('keeps every row and answers every read the same, replaying the writes made while it copied', async () => {
    const [someSummary] = await f.database.query<{ id: string }>('select id from transaction_summaries where organization_id = $1 order by id limit 1', [f.org.id]);
    const [someEvent] = await f.database.query<{ event_id: string }>('select event_id from events where organization_id = $1 order by event_id limit 1', [f.org.id]);
    const urls = [
      '/v1/transactions/summaries?limit=100',
      '/v1/transactions/summaries?limit=50&page=4',
      '/v1/transactions/summaries?limit=100&order_by=amount&order_direction=asc&status=approved',
      '/v1/transactions/summaries?limit=100&created_at=2026-10-01..2026-11-01&payment_method=credit_card',
      `/v1/transactions/summaries/${someSummary?.id}`,
      '/v1/events?limit=100&order_direction=asc',
      '/v1/events?limit=100&event_status=processed&page=2',
      `/v1/events/${someEvent?.event_id}`,
      '/v1/transactions/stats?created_at=2026-08-01..2026-12-01',
    ];
    const before = await Promise.all(urls.map((url) => answer(url, f.org.token)));
    expect(before.map((a) => a.status)).toEqual(urls.map(() => 200));
    const sums = await checksums(f.org.id);
    const rows = await counts();
    const [changed] = await f.database.query<{ id: string }>('select id from transaction_summaries where organization_id = $1 and status <> $2 limit 1', [f.other.id, 'canceled']);
    const [deleted] = await f.database.query<{ event_id: string }>('select event_id from events where organization_id = $1 limit 1', [f.other.id]);
    const sale = notification(f.live, { amount: 4_321 });

    const outcome = await f.convert({
      // meanwhile the live tables take an insert of each kind (a notification, processed), an update and a delete
      afterCopy: async () => {
        expect((await postNotification(f.app, f.live, sale)).statusCode).toBe(202);
        expect(await drainDueEvents(f.database, { policy: fastPolicy })).toBe(1);
        await f.database.query(`update transaction_summaries set status = 'canceled' where id = $1`, [changed?.id]);
        await f.database.query('delete from events where event_id = $1', [deleted?.event_id]);
      },
    });

    expect(outcome).toBe('converted');
    const kinds = await f.database.query<{ relname: string; relkind: string }>(`select relname, relkind::text from pg_class where relname = any($1::text[]) order by relname`, [partitionedTables]);
    expect(kinds.map((k) => k.relkind)).toEqual(['p', 'p', 'p']);
    expect(await f.database.query(`select relname from pg_class where relname like '%\\_\\_p' or relname like '%\\_unpartitioned' or relname like 'partition\\_%'`)).toEqual([]);
    expect(await Promise.all(urls.map((url) => answer(url, f.org.token)))).toEqual(before);
    expect(await checksums(f.org.id)).toEqual(sums);
    expect(await counts()).toEqual({ s: (rows?.s ?? 0) + 1, c: (rows?.c ?? 0) + 1, e: rows?.e });
    expect(await f.database.query('select status from transaction_summaries where id = $1', [changed?.id])).toEqual([{ status: 'canceled' }]);
    expect(await f.database.query('select 1 from events where event_id = $1', [deleted?.event_id])).toEqual([]);
    const processed = await answer(`/v1/events/${sale.eventId}`, f.live.token);
    // the body it arrived with was replayed into the partitioned copy too (the seeded events' ones are in the answers above)
    expect(JSON.parse(processed.body)).toMatchObject({ eventId: sale.eventId, eventStatus: 'processed', rawBody: JSON.stringify(sale) });
    // every generated row found its month: the default partitions are empty
    for (const table of partitionedTables) expect(await f.database.query(`select count(*)::int as n from ${table}_default`)).toEqual([{ n: 0 }]);
    expect(await rollupsStored(f.database)).toEqual(await rollupsFromSummaries(f.database));
    expect(await f.convert()).toBe('already');
  });

  it('waits out a long reader: the swap gives up its locks after lockTimeoutMs and tries again', async () => {
    const busy = await createPartitionFixture();
    const log: string[] = [];
    let reader: Promise<unknown> = Promise.resolve();
    try {
      const outcome = await busy.convert({
        lockTimeoutMs: 300,
        log: (line) => log.push(line),
        // a report reading events for a second and a half, as the swap starts
        afterCopy: async () => {
          const session = await busy.session();
          await session.exec('BEGIN; SELECT count(*) FROM events');
          reader = new Promise((resolve) => setTimeout(resolve, 1500)).then(() => session.exec('COMMIT')).finally(() => session.release());
        },
      });
      expect(outcome).toBe('converted');
      expect(log.some((line) => line.includes('the tables are busy'))).toBe(true);
      expect(await busy.database.query(`select relkind::text as k from pg_class where relname = 'events'`)).toEqual([{ k: 'p' }]);
    } finally {
      await reader;
      await busy.close();
    }
  });
});

