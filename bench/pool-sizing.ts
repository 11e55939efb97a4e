/**
 * The figures behind DB_POOL_SIZE and DB_POOL_WAIT_MS: one API process on PostgreSQL (a database of its own,
 * seeded at first start), restarted per setting; for each pool size, a first page and a deep page (by offset)
 * under 64 concurrent connections; then, at the default size, deep pages under 256 connections with two waits.
 * Short bounded runs: req/s, latency and 503 service-busy answers, with the pool's own count of refusals from
 * the metrics endpoint. Writes bench/results/<stamp>-pool-sizing.md.
 *
 *   npx tsx bench/pool-sizing.ts [--summaries 40000] [--seconds 4] [--sizes 4,10,20] [--waits 250,2000] [--database NAME]
 *
 * The database (created when missing) is kept, seeded, for the next run: drop it when done.
 */
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { defaultPoolSize, defaultPoolWaitMs } from '../src/server/db/pool.ts';
import { freePort } from '../src/server/test/free-port.ts';
import { parseExposition, total } from '../src/server/test/prometheus-text.ts';
import { writeShortReport } from './ab-report.ts';
import { startServer } from './server-process.ts';
import { round } from './stats.ts';

const { values } = parseArgs({
  options: {
    summaries: { type: 'string', default: '40000' },
    seconds: { type: 'string', default: '4' },
    sizes: { type: 'string', default: '4,10,20' },
    waits: { type: 'string', default: '250,2000' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string', default: 'acq_bench_pool_sizing' },
  },
});
const seconds = Math.min(10, Number(values.seconds));
const sizes = values.sizes.split(',').map(Number);
const waits = values.waits.split(',').map(Number);
const token = 'acq_test_pool_sizing_token_0000000001';
const headers = { authorization: `Bearer ${token}` };
const databaseUrl = Object.assign(new URL(values['admin-url']), { pathname: `/${values.database}` }).toString();

const admin = new pg.Client({ connectionString: values['admin-url'] });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [values.database])).rowCount === 1;
if (!exists) await admin.query(`create database ${values.database}`);
await admin.end();

interface Row {
  setting: string;
  request: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  busy: number;
  other: number;
  refusals: number;
}
const rows: Row[] = [];

async function run(size: number, waitMs: number, cases: { request: string; query: string; connections: number }[]): Promise<void> {
  const metricsPort = await freePort();
  const started = performance.now();
  const server = await startServer(await freePort(), {
    DATABASE_URL: databaseUrl,
    SEED_SUMMARIES: values.summaries,
    DEMO_ACCESS_TOKEN: token,
    WEB_ROOT: '/nonexistent',
    WORKER: 'off',
    DB_POOL_SIZE: String(size),
    DB_POOL_WAIT_MS: String(waitMs),
    METRICS_PORT: String(metricsPort),
  });
  if (rows.length === 0) console.log(`first start (seeding ${values.summaries} summaries when new): ${round((performance.now() - started) / 1000)} s`);
  const refusals = async () => total(parseExposition(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()), 'acq_db_pool_wait_timeouts_total');
  try {
    for (const c of cases) {
      const url = `${server.origin}/v1/transactions/summaries?${c.query}`;
      await once(url, 8, 1);
      const before = await refusals();
      const result = await once(url, c.connections, seconds);
      const row = { setting: `pool ${size}, wait ${waitMs} ms`, request: c.request, connections: c.connections, ...result, refusals: (await refusals()) - before };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await server.stop();
  }
}

function once(url: string, connections: number, duration: number): Promise<Omit<Row, 'setting' | 'request' | 'connections' | 'refusals'>> {
  return new Promise((resolve, reject) => {
    let busy = 0;
    let other = 0;
    const instance = autocannon({ url, headers, connections, duration, timeout: 30 }, (error, result) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve({ rps: round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, busy, other });
    });
    instance.on('response', (_client, status) => {
      if (status === 503) busy += 1;
      else if (status !== 200) other += 1;
    });
  });
}

const firstPage = { request: 'limit=20, page 1', query: 'limit=20&page=1' };
const deepPage = { request: 'limit=20, page 1 800 (offset 36 000)', query: 'limit=20&page=1800' };
for (const size of sizes) await run(size, defaultPoolWaitMs, [{ ...firstPage, connections: 64 }, { ...deepPage, connections: 64 }]);
for (const waitMs of waits) await run(defaultPoolSize, waitMs, [{ ...deepPage, connections: 256 }]);

const table = ['| setting | request | connections | req/s | p50 ms | p99 ms | 503 busy | other non-200 | pool refusals (metrics) |', '|---|---|--:|--:|--:|--:|--:|--:|--:|'];
for (const r of rows) table.push(`| ${r.setting} | ${r.request} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.busy} | ${r.other} | ${r.refusals} |`);
writeShortReport(
  'pool-sizing',
  'Pool size and pool wait (one API process, PostgreSQL)',
  `${values.summaries} summaries; autocannon, ${seconds} s per run after a 1 s warm-up; the server restarted for each setting (WORKERS=1, worker off).`,
  table,
);
