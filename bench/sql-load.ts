import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EventQuery } from '../src/contract/events.ts';
import { MerchantQuery } from '../src/contract/merchants.ts';
import { SummaryQuery } from '../src/contract/summaries.ts';
import { directStats } from './stats-direct.ts';
import type { Db } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema.ts';
import { countEvents, findEvent, findEvents } from '../src/server/events/events-query.ts';
import { countMerchants, findMerchants } from '../src/server/merchants/merchants-query.ts';
import type { RowScope } from '../src/server/lists/scope.ts';
import { defaultCountCap } from '../src/server/lists/total-count.ts';
import { countSummaries, findCycles, findSummaries, findSummary } from '../src/server/summaries/summaries-query.ts';
import type { BenchCase } from './cases.ts';
import { summarize, type LatencyStats } from './stats.ts';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The database the server uses, opened in the bench process with a query logger. Each case runs the
 * server's own query modules (src/server/summaries, src/server/events), composed as the route composes it, so the SQL is
 * exactly the SQL the API runs; only HTTP, auth, validation and JSON serialization are left out.
 */
export interface DirectSql {
  run(c: BenchCase): Promise<void>;
  /** the statements one request of the case runs */
  statements(c: BenchCase): Promise<Statement[]>;
  explain(statement: Statement): Promise<string>;
  close(): Promise<void>;
}

export async function openDirectSql(target: { dataDir: string; databaseUrl: string | undefined }, scope: RowScope): Promise<DirectSql> {
  let capture: Statement[] | null = null;
  const logger = { logQuery: (sqlText: string, params: unknown[]) => capture?.push({ sql: sqlText, params }) };
  let raw: (sqlText: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  let db: Db;
  let close: () => Promise<void>;
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    db = drizzlePg(pool, { schema, logger });
    raw = async (sqlText, params) => (await pool.query<Record<string, unknown>>(sqlText, params)).rows;
    close = () => pool.end();
  } else {
    const client = new PGlite(target.dataDir);
    await client.waitReady;
    db = drizzlePglite(client, { schema, logger });
    raw = async (sqlText, params) => (await client.query<Record<string, unknown>>(sqlText, params)).rows;
    close = () => client.close();
  }

  const run = async (c: BenchCase): Promise<void> => {
    if (c.endpoint === 'health') {
      await raw('select 1', []);
    } else if (c.endpoint === 'summaries') {
      const query = SummaryQuery.parse(c.params);
      const [rows] = await Promise.all([findSummaries(db, scope, query), countSummaries(db, scope, query)]);
      await findCycles(
        db,
        rows.map((r) => r.id),
      );
    } else if (c.endpoint === 'stats') {
      await directStats(db, scope, c.params);
    } else if (c.endpoint === 'merchants') {
      const query = MerchantQuery.parse(c.params);
      await Promise.all([findMerchants(db, scope, query), countMerchants(db, scope, query, defaultCountCap)]);
    } else if (c.endpoint === 'summary') {
      const row = await findSummary(db, scope, c.params.id ?? '');
      await findCycles(db, row ? [row.id] : []);
    } else if (c.endpoint === 'event') {
      await findEvent(db, scope, c.params.id ?? '');
    } else {
      const query = EventQuery.parse(c.params);
      await Promise.all([findEvents(db, scope, query), countEvents(db, scope, query)]);
    }
  };

  return {
    run,
    statements: async (c) => {
      capture = [];
      try {
        await run(c);
        return capture;
      } finally {
        capture = null;
      }
    },
    explain: async ({ sql, params }) => {
      const rows = await raw(`explain (analyze, buffers) ${sql}`, params);
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    },
    close,
  };
}

/** The same bounded loop as the HTTP side with one connection: back-to-back requests for `seconds` (at least `minRequests`). */
export async function loadSql(direct: DirectSql, c: BenchCase, seconds: number, minRequests: number): Promise<LatencyStats> {
  const samples: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until || samples.length < minRequests) {
    const t0 = performance.now();
    await direct.run(c);
    samples.push(performance.now() - t0);
  }
  return summarize(samples, performance.now() - started);
}
