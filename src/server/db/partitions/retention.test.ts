import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import type { Summary } from '../../../contract/summaries.ts';
import { postgresAvailable } from '../../test/harness.ts';
import { anchor, walk } from '../../test/list-fixture.ts';
import { createPartitionFixture, type PartitionFixture } from '../../test/partition-fixture.ts';
import { rollupsFromSummaries, rollupsStored } from '../../test/rollup-check.ts';
import { tableStates } from './catalog.ts';
import { addMonths, monthOf, monthStartMs, partitionName, partitionedTables, type Month } from './months.ts';
import { runMaintenance } from './run-maintenance.ts';

describe.skipIf(!postgresAvailable)('RETENTION_MONTHS on monthly partitions (PostgreSQL)', () => {
  let f: PartitionFixture;
  beforeAll(async () => {
    f = await createPartitionFixture();
    await f.convert();
  });
  afterAll(async () => f?.close());

  const now = Date.parse(anchor);
  const list = <T>(path: string) => walk<T>(f.app, f.org.token, path, {});
  const attached = async () => {
    const session = await f.session();
    try {
      return await tableStates(session);
    } finally {
      await session.release();
    }
  };
  const plainTable = (name: string) => f.database.query<{ n: number; part: boolean }>(`select (select count(*)::int from ${name}) as n, relispartition as part from pg_class where relname = $1`, [name]);

  it('detaches exactly the months older than the setting: lists, totals and stats stop showing them, the detached tables keep them', async () => {
    const summaries = await list<Summary>('/v1/transactions/summaries');
    const events = await list<Event>('/v1/events');
    const monthsBefore = await attached();
    const keep = 1;
    const oldestKept = addMonths(monthOf(now), -keep);
    const cutoff = monthStartMs(oldestKept);
    const older = (m: Month) => monthStartMs(m) < cutoff;
    const expectedDetached = monthsBefore.transaction_summaries.months.filter(older);
    expect(expectedDetached.length).toBeGreaterThanOrEqual(2);
    const keptSummaries = summaries.items.filter((s) => Date.parse(s.createdAt ?? '') >= cutoff);
    const keptEvents = events.items.filter((e) => Date.parse(e.createdAt) >= cutoff);
    expect(keptSummaries.length).toBeGreaterThan(0);
    expect(keptSummaries.length).toBeLessThan(summaries.total);

    // the notifications' bodies as received (issue 21) leave with their events, unchanged
    const bodies = (rows: { event_id: string; raw_body: string | null }[]) => new Map(rows.map((r) => [r.event_id, r.raw_body]));
    const leaving = bodies(await f.database.query<{ event_id: string; raw_body: string | null }>('select event_id, raw_body from events where created_at_ns < $1::bigint', [String(BigInt(cutoff) * 1_000_000n)]));
    expect(leaving.size).toBeGreaterThan(0);
    expect([...leaving.values()].every((body) => body !== null && body.startsWith('{"eventId":'))).toBe(true);

    const report = await runMaintenance(f.database, { retentionMonths: keep, now });
    expect(report?.detached).toEqual(expectedDetached);
    const after = await attached();
    for (const table of partitionedTables) {
      expect(after[table].months).toEqual(monthsBefore[table].months.filter((m) => !older(m)));
    }
    const summariesAfter = await list<Summary>('/v1/transactions/summaries');
    expect(summariesAfter.total).toBe(keptSummaries.length);
    expect(summariesAfter.items.map((s) => s.id)).toEqual(keptSummaries.map((s) => s.id));
    expect(summariesAfter.items.flatMap((s) => s.cycles)).toEqual(keptSummaries.flatMap((s) => s.cycles));
    const eventsAfter = await list<Event>('/v1/events');
    expect(eventsAfter.items.map((e) => e.eventId)).toEqual(keptEvents.map((e) => e.eventId));
    // the stats rollups lost the detached summaries too
    expect(await rollupsStored(f.database)).toEqual(await rollupsFromSummaries(f.database));
    const stats = await f.app.inject({ url: '/v1/transactions/stats?created_at=2025-01-01..2027-01-01', headers: { authorization: f.org.token } });
    expect(stats.json<{ totals: { count: number } }>().totals.count).toBe(keptSummaries.length);
    // detached, not dropped: plain tables holding every row that left (both organizations)
    let left = 0;
    const detachedBodies = new Map<string, string | null>();
    for (const month of expectedDetached) {
      const table = partitionName('events', month);
      for (const [id, body] of bodies(await f.database.query(`select event_id, raw_body from ${table}`))) detachedBodies.set(id, body);
    }
    expect(detachedBodies).toEqual(leaving);
    for (const month of expectedDetached) {
      const [table] = await plainTable(partitionName('transaction_summaries', month));
      expect(table?.part).toBe(false);
      left += table?.n ?? 0;
      expect((await plainTable(partitionName('cycles', month)))[0]?.part).toBe(false);
      expect((await plainTable(partitionName('events', month)))[0]?.part).toBe(false);
    }
    expect(left).toBeGreaterThanOrEqual(summaries.total - keptSummaries.length);
    expect(await f.database.query('select count(*)::int as n from cycles c where not exists (select 1 from transaction_summaries s where s.id = c.summary_id)')).toEqual([{ n: 0 }]);
  });

  it('detaches nothing more on the next pass, and drops the months it detaches when asked', async () => {
    expect((await runMaintenance(f.database, { retentionMonths: 1, now }))?.detached).toEqual([]);
    const oldest = (await attached()).transaction_summaries.months[0] as Month;
    const report = await runMaintenance(f.database, { retentionMonths: 0, now, drop: true });
    expect(report?.detached).toEqual([oldest]);
    expect(report?.dropped).toEqual(partitionedTables.map((t) => partitionName(t, oldest)));
    expect(await f.database.query('select 1 from pg_class where relname = $1', [partitionName('transaction_summaries', oldest)])).toEqual([]);
    const summaries = await list<Summary>('/v1/transactions/summaries');
    expect(summaries.items.every((s) => Date.parse(s.createdAt ?? '') >= monthStartMs(monthOf(now)))).toBe(true);
    expect(await rollupsStored(f.database)).toEqual(await rollupsFromSummaries(f.database));
  });

  it('does nothing on a database without partitions', async () => {
    const plain = await createPartitionFixture();
    try {
      expect(await runMaintenance(plain.database, { retentionMonths: 0, now })).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
