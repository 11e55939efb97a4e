/**
 * EXPLAIN (ANALYZE, BUFFERS) of the list SQL over the common views, straight on the database (no HTTP):
 *   DATA_DIR=/tmp/tune-1m npm run explain -- [--runs 3] [--migrate] [--vacuum] [--only summaries|events] [--plans]
 *   DATABASE_URL=postgres://... npm run explain
 * --migrate applies the migrations first; --vacuum does what the server does at start (vacuumIfNeeded).
 * Each view runs the route's own statements (each resource folder's query module: page, capped count, estimate, cycles), captured
 * through a Drizzle logger. Prints one row per view and page: ms (median of the runs, planning + execution, summed
 * over the statements), the scans and sorts of the page and count plans, and SEQ when a list table is scanned.
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { EventQuery } from '../../contract/events.ts';
import { SummaryQuery } from '../../contract/summaries.ts';
import { countEvents, findEvents } from '../events/events-query.ts';
import { countSummaries, findCycles, findSummaries } from '../summaries/summaries-query.ts';
import { demoOrganization } from '../seed/demo.ts';
import type { Db } from './client.ts';
import { migrationsFolder } from './client.ts';
import { vacuumIfNeeded } from './maintenance.ts';
import { pages, viewMatrix, type Samples, type View } from './explain-views.ts';
import { planShape, type PlanNode } from './plan-shape.ts';
import * as schema from './schema.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    migrate: { type: 'boolean', default: false },
    vacuum: { type: 'boolean', default: false },
    only: { type: 'string' },
    plans: { type: 'boolean', default: false },
    organization: { type: 'string', default: demoOrganization.id },
  },
});
const runs = Math.max(1, Number(values.runs));
type Statement = { sql: string; params: unknown[] };
let captured: Statement[] | null = null;
const logger = { logQuery: (sqlText: string, params: unknown[]) => captured?.push({ sql: sqlText, params }) };

let db: Db;
type Row = Record<string, string | Date | null | undefined>;
let raw: (sqlText: string, params?: unknown[]) => Promise<Row[]>;
let close: () => Promise<void>;
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  if (values.migrate) await migratePg(drizzlePg(pool), { migrationsFolder });
  db = drizzlePg(pool, { schema, logger });
  raw = async (text, params = []) => (await pool.query<Row>(text, params)).rows;
  close = () => pool.end();
} else {
  const client = new PGlite(process.env.DATA_DIR ?? './data');
  if (values.migrate) await migratePglite(drizzlePglite(client), { migrationsFolder });
  db = drizzlePglite(client, { schema, logger });
  raw = async (text, params = []) => (await client.query<Row>(text, params)).rows;
  close = () => client.close();
}

if (values.vacuum) {
  const exec = async (text: string) => void (await raw(text));
  await vacuumIfNeeded({ query: raw as never, exec }, (line) => console.error(line));
}
const organizationId = values.organization;
const [merchant] = await raw('select id from merchants where organization_id = $1 order by id limit 1', [organizationId]);
const merchantId = String(merchant?.id ?? '');
const [newest] = await raw(
  `select (amount_minor / 100.0)::numeric(20,2)::text as amount, card_first_digits as bin, card_last_digits as last4, created_at
     from transaction_summaries where organization_id = $1 and card_first_digits is not null order by created_at desc limit 1`,
  [organizationId],
);
const [newestEvent] = await raw('select created_at_text from events where organization_id = $1 order by created_at_ns desc limit 1', [organizationId]);
const dayOf = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);
const weekTo = (day: string) => `${new Date(Date.parse(`${day}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)}..${day}`;
const day = dayOf(newest?.created_at ?? new Date());
const eventDay = dayOf(newestEvent?.created_at_text ?? day);
const samples: Samples = {
  amount: String(newest?.amount ?? '100.00'),
  binPrefix: String(newest?.bin ?? '4').slice(0, 4),
  lastDigits: String(newest?.last4 ?? '0000'),
  day,
  week: weekTo(day),
  eventDay,
  eventWeek: weekTo(eventDay),
};

/** The statements one request of the view runs, as the route composes them. */
async function statementsOf(view: View, page: string): Promise<Statement[]> {
  const scope = { organizationId, merchantIds: view.merchant ? [merchantId] : null };
  captured = [];
  try {
    if (view.list === 'summaries') {
      const query = SummaryQuery.parse({ ...view.params, page, limit: '20' });
      const [rows] = await Promise.all([findSummaries(db, scope, query, 1), countSummaries(db, scope, query)]);
      await findCycles(
        db,
        rows.slice(0, 20).map((r) => r.id),
      );
    } else {
      const query = EventQuery.parse({ ...view.params, page, limit: '20' });
      await Promise.all([findEvents(db, scope, query, 1), countEvents(db, scope, query)]);
    }
    return captured;
  } finally {
    captured = null;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const kindOf = (text: string) => (text.startsWith('explain') ? 'estimate' : /count\(\*\)/.test(text) ? 'count' : /"cycles"/.test(text) ? 'cycles' : 'page');

async function measure(statement: Statement): Promise<{ ms: number; plan: PlanNode | null }> {
  const times: number[] = [];
  let plan: PlanNode | null = null;
  for (let i = 0; i < runs; i++) {
    if (statement.sql.startsWith('explain')) {
      const started = performance.now();
      await raw(statement.sql, statement.params);
      times.push(performance.now() - started);
      continue;
    }
    const [row] = await raw(`explain (analyze, buffers, format json) ${statement.sql}`, statement.params);
    const cell = Object.values(row ?? {})[0];
    const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }[];
    const top = parsed[0];
    if (!top) throw new Error('EXPLAIN returned no plan');
    times.push(top['Planning Time'] + top['Execution Time']);
    plan = top.Plan;
  }
  return { ms: median(times), plan };
}

const header = ['list', 'view', 'page', 'ms', 'page ms', 'count ms', 'seq', 'page plan', 'count plan'];
const lines: string[][] = [];
console.log(`organization ${organizationId}, merchant ${merchantId}, ${runs} run(s) per statement (median), samples ${JSON.stringify(samples)}`);
for (const view of viewMatrix(samples).filter((v) => !values.only || v.list === values.only)) {
  for (const { name, page } of pages) {
    const byKind: Record<string, { ms: number; shape: string; seq: boolean }> = {};
    let total = 0;
    for (const statement of await statementsOf(view, page)) {
      const { ms, plan } = await measure(statement);
      const shape = plan ? planShape(plan) : { text: 'EXPLAIN (estimate)', seqScan: false };
      const kind = kindOf(statement.sql);
      byKind[kind] = { ms: (byKind[kind]?.ms ?? 0) + ms, shape: shape.text, seq: shape.seqScan || (byKind[kind]?.seq ?? false) };
      total += ms;
      if (values.plans && plan) console.log(`\n${view.list} ${view.label} ${name} ${kind}:\n${JSON.stringify(plan, null, 1)}`);
    }
    const count = (byKind.count?.ms ?? 0) + (byKind.estimate?.ms ?? 0);
    const seq = Object.values(byKind).some((k) => k.seq);
    lines.push([view.list, view.label, name, total.toFixed(1), (byKind.page?.ms ?? 0).toFixed(1), count.toFixed(1), seq ? 'SEQ' : '-', byKind.page?.shape ?? '', `${byKind.count?.shape ?? ''}${byKind.estimate ? ' + estimate' : ''}`]);
    console.error(`${view.list} ${view.label} ${name}: ${total.toFixed(1)} ms`);
  }
}
await close();

console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`);
for (const line of lines) console.log(`| ${line.join(' | ')} |`);
