import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization } from '../seed/seed-organization.ts';
import { testAnchor } from '../seed/test-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';
import { rollupsFromSummaries, rollupsStored, type Rollups } from './rollup-check.ts';

const org = 'orgrollupcheck000000';
const mark = 1_000_000_000_000_000n;

/** per rollup table: its part of Rollups, and a bucket in 2000 that no seeded summary falls in */
const tables: { table: string; part: keyof Rollups; columns: string; values: string; key: string }[] = [
  { table: 'summary_rollup', part: 'hourly', columns: 'hour, status, acquirer, payment_method, card_brand', values: `'2000-01-01T00:00Z', 'approved', 'x', 'pix', ''`, key: '2000-01-01T00:00:00.000Z|approved|x|pix|' },
  { table: 'summary_rollup_daily', part: 'daily', columns: 'day, status, acquirer, payment_method, card_brand', values: `'2000-01-01', 'approved', 'x', 'pix', ''`, key: '2000-01-01|approved|x|pix|' },
  { table: 'summary_rollup_status', part: 'status', columns: 'hour, status', values: `'2000-01-01T00:00Z', 'approved'`, key: '2000-01-01T00:00:00.000Z|approved' },
];

/** The check itself: it must agree with correct rollups and point at the bucket of a wrong one. */
describe('rollup check', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    await seedOrganization(test.database, { seed: 31, summaries: 80, organizationId: org, organizationName: 'Rollup Ltda', merchants: 2, anchor: testAnchor });
  });
  afterAll(async () => test?.dispose());

  it('agrees with the rollups the triggers kept, for every organization and for one', async () => {
    const { database } = test;
    const recount = await rollupsFromSummaries(database);
    expect(recount.hourly.length).toBeGreaterThan(80);
    expect(recount.daily.length).toBeGreaterThan(10);
    expect(recount.status.length).toBeGreaterThan(10);
    expect(await rollupsStored(database)).toEqual(recount);
    expect(await rollupsStored(database, org)).toEqual(recount);
    expect(await rollupsFromSummaries(database, 'orgnone')).toEqual({ hourly: [], daily: [], status: [] });
  });

  it.each(tables)('sees a leftover amount in an empty $part bucket, and a wrong amount in a kept one', async ({ table, part, columns, values, key }) => {
    const { database } = test;
    const recount = await rollupsFromSummaries(database);
    // count 0 but amount 5, where no summary is: a bucket that netted its count and not its amount
    await database.exec(`insert into ${table} (organization_id, merchant_id, ${columns}, count, amount_minor) values ('${org}', '*', ${values}, 0, 5)`);
    const leftover = await rollupsStored(database);
    await database.exec(`delete from ${table} where merchant_id = '*' and count = 0 and amount_minor = 5`);
    expect(leftover).toEqual({ ...recount, [part]: [[`${org}|*|${key}`, '0 5 0 0'], ...recount[part]] });

    // one kept bucket's amount off (by a mark large enough to find the row again and put it back)
    await database.exec(`update ${table} set amount_minor = amount_minor + ${mark} where ctid = (select ctid from ${table} where merchant_id = '*' limit 1)`);
    const stale = await rollupsStored(database);
    await database.exec(`update ${table} set amount_minor = amount_minor - ${mark} where amount_minor >= ${mark}`);
    const kept = new Map(recount[part]);
    expect(stale[part].map(([k]) => k)).toEqual([...kept.keys()]);
    const changed = stale[part].filter(([k, v]) => kept.get(k) !== v);
    expect(changed).toHaveLength(1);
    const [changedKey, value] = changed[0] ?? [];
    const [count, amount, ...rest] = (kept.get(changedKey ?? '') ?? '').split(' ');
    expect(value).toBe([count, BigInt(amount ?? '') + mark, ...rest].join(' '));
    expect({ ...stale, [part]: recount[part] }).toEqual(recount);
    expect(await rollupsStored(database)).toEqual(recount);
  });
});
