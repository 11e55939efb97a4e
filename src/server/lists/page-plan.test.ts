import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventQuery } from '../../contract/events.ts';
import { SummaryQuery } from '../../contract/summaries.ts';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { createPostgresDatabase, insertOrganization, postgresAvailable } from '../test/harness.ts';
import { findEvents } from '../events/events-query.ts';
import { findSummaries } from '../summaries/summaries-query.ts';

/**
 * PostgreSQL plans a statement with `LIMIT $n` as if a tenth of the table were read, so it planned every page
 * afresh (a custom plan) and planning cost as much as the page. The page statements now carry their limit in
 * the text: after PostgreSQL's five trial executions each connection keeps one generic plan. Enough rows that
 * a tenth of them is not a page (with a few hundred, any plan would do and the check would prove nothing).
 */
const rows = 40_000;

describe.skipIf(!postgresAvailable)('list page statements on PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let client: pg.Client;
  let db: Db;
  const scope = { organizationId: 'org_plan', merchantIds: null };

  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = await openDatabase({ databaseUrl: created.url.toString() });
    await insertOrganization(database, scope.organizationId, ['mer_plan']);
    await database.exec(`
      insert into transaction_summaries (id, organization_id, merchant_id, created_at, acquirer, payment_method, status,
        amount_minor, currency, installments, gateway_transaction_id)
      select 'sum' || lpad(g::text, 8, '0'), 'org_plan', 'mer_plan', now() - g * interval '1 minute', 'cielo', 'credit',
        'approved', 1000 + g, 'BRL', 1, 'gw' || g
      from generate_series(1, ${rows}) g;
      insert into events (event_id, id, organization_id, merchant_id, created_at_ns, created_at_text, updated_at_text,
        terminal_id, event_status, event_type, acquirer_name, transaction_type, transaction_status, terminal_serial_number,
        merchant_tax_id, acquirer_merchant_identifier, acquirer_terminal_identifier, currency, amount, payment_method,
        terminal_data, metadata)
      select 'evt' || lpad(g::text, 8, '0'), 'sum' || lpad(g::text, 8, '0'), 'org_plan', 'mer_plan',
        1790000000000000000 - g::bigint * 60000000000, 'x', 'x', 'T1', 'processed', 'transaction', 'cielo', 'sale',
        'approved', 'SN1', '11111111000191', 'MID1', 'TID1', 'BRL', 1000 + g, 'credit', '{}', '{}'
      from generate_series(1, ${rows}) g;
      analyze transaction_summaries;
      analyze events;`);
    // one connection, so every execution below meets the same prepared statement
    client = new pg.Client({ connectionString: created.url.toString() });
    await client.connect();
    db = drizzle(client, { schema });
  });
  afterAll(async () => {
    await client?.end();
    await database?.close();
    await created?.drop();
  });

  const plans = async (table: string) => {
    const result = await client.query<{ statement: string; generic_plans: string; custom_plans: string }>(
      `select statement, generic_plans, custom_plans from pg_prepared_statements where statement like $1`,
      [`%from "${table}" inner join%`],
    );
    return result.rows.map((r) => ({ text: r.statement, generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
  };

  it('page 1 of summaries is planned once per connection, not per request', async () => {
    const query = SummaryQuery.parse({ limit: '20' });
    for (let i = 0; i < 10; i += 1) expect(await findSummaries(db, scope, query, 1)).toHaveLength(21);
    const [page] = await plans('transaction_summaries');
    expect(page?.text).toContain('limit 21');
    expect(page?.text).not.toContain('offset');
    // PostgreSQL tries five custom plans before it compares them with the generic one
    expect(page?.custom).toBeLessThanOrEqual(5);
    expect(page?.generic).toBeGreaterThanOrEqual(5);
  });

  it('page 1 of events is planned once per connection, not per request', async () => {
    const query = EventQuery.parse({ limit: '50' });
    for (let i = 0; i < 10; i += 1) expect(await findEvents(db, scope, query, 1)).toHaveLength(51);
    const [page] = await plans('events');
    expect(page?.custom).toBeLessThanOrEqual(5);
    expect(page?.generic).toBeGreaterThanOrEqual(5);
  });

  it('a deep page and a prefix filter keep a plan per execution, made for their values', async () => {
    const first = await findSummaries(db, scope, SummaryQuery.parse({ limit: '100' }), 0);
    const deep = await findSummaries(db, scope, SummaryQuery.parse({ limit: '40', page: '2' }), 0);
    expect(deep.map((r) => r.id)).toEqual(first.slice(40, 80).map((r) => r.id));
    await findSummaries(db, scope, SummaryQuery.parse({ limit: '10', card_first_digits: '4111' }), 0);
    const parameterised = (await plans('transaction_summaries')).filter((s) => /limit \$\d+ offset \$\d+/.test(s.text));
    expect(parameterised.some((s) => !s.text.includes(' like '))).toBe(true);
    expect(parameterised.some((s) => s.text.includes(' like '))).toBe(true);
  });
});
