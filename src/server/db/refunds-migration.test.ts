import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganization } from '../seed/seed-organization.ts';
import { testAnchor } from '../seed/test-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../test/harness.ts';
import { rollupsFromSummaries, rollupsStored } from '../test/rollup-check.ts';
import { migrationsFolder } from './client.ts';

const org = 'orgrefundmigration00';

/** Migration 0012's statements from its backfill on: what it does to sales stored before it. */
function backfill(): string[] {
  const text = readFileSync(path.join(migrationsFolder, '0012_refunds-as-they-happened.sql'), 'utf8');
  const statements = text.split('--> statement-breakpoint').map((s) => s.trim());
  const from = statements.findIndex((s) => s.includes('DISABLE TRIGGER summary_rollup_update'));
  return statements.slice(from);
}

describe('migration 0012 on sales stored before it', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    await seedOrganization(test.database, { seed: 41, summaries: 400, organizationId: org, organizationName: 'Estornos Ltda', merchants: 2, anchor: testAnchor });
  });
  afterAll(async () => test?.dispose());

  it('derives captured and refunded from the cycles, marks partial refunds and rebuilds the rollups', async () => {
    const { database } = test;
    const before = await database.query<{ id: string; status: string; captured: string; refunded: string }>(
      'select id, status, captured_minor::text as captured, refunded_minor::text as refunded from transaction_summaries order by id',
    );
    expect(before.filter((r) => r.status === 'partially_refunded').length).toBeGreaterThan(0);
    // the sales as an older version stored them: no sums, every refunded sale 'refunded', rollups without the sums
    await database.exec(`alter table transaction_summaries disable trigger summary_rollup_update;
      update transaction_summaries set captured_minor = 0, refunded_minor = 0, status = case when status = 'partially_refunded' then 'refunded' else status end;
      alter table transaction_summaries enable trigger summary_rollup_update;
      update summary_rollup set captured_minor = 0, refunded_minor = 0, status = case when status = 'partially_refunded' then 'refunded' else status end`);
    for (const statement of backfill()) await database.exec(statement);
    const after = await database.query<{ id: string; status: string; captured: string; refunded: string }>(
      'select id, status, captured_minor::text as captured, refunded_minor::text as refunded from transaction_summaries order by id',
    );
    expect(after).toEqual(before);
    expect(await rollupsStored(database, org)).toEqual(await rollupsFromSummaries(database, org));
  });
});
