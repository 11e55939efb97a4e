import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xidTime } from '../../lib/xid.ts';
import { drainDueEvents } from '../../processing/worker.ts';
import { postgresAvailable } from '../../test/harness.ts';
import { anchor } from '../../test/list-fixture.ts';
import { fastPolicy, notification, postNotification } from '../../test/notification-fixture.ts';
import { createPartitionFixture, partitionsOf, type PartitionFixture } from '../../test/partition-fixture.ts';
import { rollupsFromSummaries, rollupsStored } from '../../test/rollup-check.ts';
import { tableStates } from './catalog.ts';
import { ensureMonths } from './maintain.ts';
import { addMonths, defaultPartitionName, monthOf, monthStartMs, partitionName, type Month, type PartitionedTable } from './months.ts';

const DAY = 86_400_000;
const nanos = (ms: number) => new Date(ms).toISOString().replace('Z', '123456Z');

describe.skipIf(!postgresAvailable)('new rows on monthly partitions (PostgreSQL)', () => {
  let f: PartitionFixture;
  beforeAll(async () => {
    f = await createPartitionFixture();
    await f.convert();
  });
  afterAll(async () => f?.close());

  /** the partition that should hold a row of `table` for an instant: its month's, or the default one */
  const expected = async (table: PartitionedTable, ms: number) => {
    const session = await f.session();
    const months = (await tableStates(session))[table].months;
    await session.release();
    const month = monthOf(ms);
    return months.some((m) => m.year === month.year && m.month === month.month) ? partitionName(table, month) : defaultPartitionName(table);
  };

  /** posts and processes one sale step; returns its event and summary ids */
  const step = async (createdAtMs: number, overrides: Parameters<typeof notification>[1] = {}) => {
    const body = notification(f.live, { createdAt: nanos(createdAtMs), ...overrides });
    const res = await postNotification(f.app, f.live, body);
    expect(res.statusCode, res.body).toBe(202);
    await drainDueEvents(f.database, { policy: fastPolicy });
    const [row] = await f.database.query<{ summary_id: string; event_status: string }>('select summary_id, event_status from events where event_id = $1', [body.eventId]);
    expect(row?.event_status).toBe('processed');
    return { body, summaryId: row?.summary_id ?? '' };
  };

  it("puts each event in its createdAt's month, each summary and its cycles in the summary's month, and the worker processes them", async () => {
    // the last minutes of a month of the seeded data, and the current moment; a capture an hour later, next month
    const late = monthStartMs(monthOf(Date.parse(anchor) - 40 * DAY)) - 20 * 60_000;
    const longAgo = Date.parse(anchor) - 3650 * DAY;
    for (const at of [late, Date.now(), longAgo]) {
      const auth = await step(at);
      const capture = await step(at + 3_600_000, { id: auth.body.id, transactionType: 'capture' });
      expect(capture.summaryId).toBe(auth.summaryId);
      expect(monthOf(xidTime(auth.summaryId).getTime())).toEqual(monthOf(at));
      expect(await partitionsOf(f.database, 'events', 'event_id', [auth.body.eventId, capture.body.eventId])).toEqual({
        [auth.body.eventId]: await expected('events', at),
        [capture.body.eventId]: await expected('events', at + 3_600_000),
      });
      const summaryPartition = await expected('transaction_summaries', at);
      expect(await partitionsOf(f.database, 'transaction_summaries', 'id', [auth.summaryId])).toEqual({ [auth.summaryId]: summaryPartition });
      const cycles = await f.database.query<{ p: string; type: string }>('select tableoid::regclass::text as p, type from cycles where summary_id = $1 order by seq', [auth.summaryId]);
      expect(cycles).toEqual([
        { p: summaryPartition.replace('transaction_summaries', 'cycles'), type: 'authorization' },
        { p: summaryPartition.replace('transaction_summaries', 'cycles'), type: 'capture' },
      ]);
    }
    expect(await rollupsStored(f.database)).toEqual(await rollupsFromSummaries(f.database));
  });

  it('keeps eventId unique across months: a repeat in another month is a conflict, the same body a repeat, concurrent ones stored once', async () => {
    const first = await step(Date.parse(anchor) - 60 * DAY);
    const elsewhere = notification(f.live, { eventId: first.body.eventId, createdAt: nanos(Date.now()) });
    expect((await postNotification(f.app, f.live, elsewhere)).statusCode).toBe(409);
    expect((await postNotification(f.app, f.live, first.body)).statusCode).toBe(200);
    const eventId = `evconcurrent${Date.now().toString(36)}`;
    const months = [0, 30, 60, 90].map((days) => Date.parse(anchor) - days * DAY);
    const answers = await Promise.all(months.map((at) => postNotification(f.app, f.live, notification(f.live, { eventId, createdAt: nanos(at) }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409, 409, 409]);
    expect(await f.database.query('select count(*)::int as n from events where event_id = any($1::text[])', [[eventId, first.body.eventId]])).toEqual([{ n: 2 }]);
  });

  it('creates a missing month and moves the rows that waited in the default partitions into it', async () => {
    const future: Month = addMonths(monthOf(Date.now()), 8);
    const sale = await step(monthStartMs(future) + DAY);
    const where = async () => ({
      event: (await partitionsOf(f.database, 'events', 'event_id', [sale.body.eventId]))[sale.body.eventId],
      summary: (await partitionsOf(f.database, 'transaction_summaries', 'id', [sale.summaryId]))[sale.summaryId],
      cycle: (await partitionsOf(f.database, 'cycles', 'summary_id', [sale.summaryId]))[sale.summaryId],
    });
    expect(await where()).toEqual({ event: 'events_default', summary: 'transaction_summaries_default', cycle: 'cycles_default' });
    const counts = () => f.database.query('select (select count(*) from transaction_summaries) as s, (select count(*) from cycles) as c, (select count(*) from events) as e');
    const before = await counts();
    const session = await f.session();
    try {
      expect(await ensureMonths(session, [future])).toEqual([future]);
      expect(await ensureMonths(session, [future])).toEqual([]);
    } finally {
      await session.release();
    }
    expect(await where()).toEqual({ event: partitionName('events', future), summary: partitionName('transaction_summaries', future), cycle: partitionName('cycles', future) });
    expect(await counts()).toEqual(before);
    expect(await rollupsStored(f.database)).toEqual(await rollupsFromSummaries(f.database));
  });
});
