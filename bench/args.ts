import path from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  summaries: number;
  quick: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  port: number;
  /** seconds each case runs with one connection (API and direct SQL alike) */
  seconds: number;
  /** at least this many requests per case, however slow */
  minRequests: number;
  /** seconds of the concurrent throughput runs */
  concurrentSeconds: number;
  /** connections of the soak run */
  connections: number;
  /** connection counts of the throughput runs (each unfiltered list and /health at each) */
  throughputConnections: number[];
  /** repetitions of each dashboard interaction */
  browserRepeats: number;
  browser: boolean;
  /** only the dashboard timings: no API, throughput or SQL phases, and no report files (printed only) */
  browserOnly: boolean;
  sql: boolean;
  explain: boolean;
  outDir: string;
  seed: number;
  /** --soak: seconds of the soak run instead of the usual phases (null: no soak) */
  soakSeconds: number | null;
  /** only the cases whose label contains this text (the list matrix is skipped): e.g. --only q= */
  only: string | undefined;
}

export const usage = `usage: npm run bench -- [--summaries N] [--quick] [--data-dir DIR] [--database-url URL]
  --summaries N        dataset size (default 1000000); seeded once into --data-dir and reused
  --quick              short runs (1 s per case, 5 browser repetitions): a smoke test, e.g. --summaries 20000 --quick
  --data-dir DIR       PGlite folder (default bench/.data/<N>); reused when complete, re-seeded when not
  --database-url URL   PostgreSQL instead of PGlite (the bench seeds it up to N summaries of the demo organization)
  --port N             server port (default 18080)
  --seconds S          seconds per case with 1 connection (default 3; quick 1)
  --min-requests N     at least N requests per case however slow (default 3)
  --connections N      connections of the soak run (default 64)
  --throughput-connections 8,64,256   connection counts of the throughput runs (default 8,64,256)
  --browser-only       only the dashboard timings, printed (no API/SQL phases, no report files)
  --no-browser         skip the dashboard timings;  --no-sql  skip direct SQL;  --no-explain  skip EXPLAIN plans
  --only TEXT          skip the filter/sort matrix and the CSV exports: "lookups" runs every support lookup case, the merchant
                       searches and the stats cases, any other TEXT those whose label contains it (e.g. "q=")
  --out DIR            results folder (default bench/results)
  --soak               instead: a mixed read/write soak (default 60 s, 64 connections, 20000 summaries) on PGlite,
                       and on PostgreSQL too when --database-url is given; --soak-seconds S to change its length`;

function whole(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`--${name} must be a number, got "${text}"`);
  return Number(text);
}

export function readOptions(argv: string[]): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      summaries: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      port: { type: 'string' },
      seconds: { type: 'string' },
      'min-requests': { type: 'string' },
      connections: { type: 'string' },
      'throughput-connections': { type: 'string' },
      'no-browser': { type: 'boolean', default: false },
      'browser-only': { type: 'boolean', default: false },
      'no-sql': { type: 'boolean', default: false },
      'no-explain': { type: 'boolean', default: false },
      out: { type: 'string' },
      seed: { type: 'string' },
      soak: { type: 'boolean', default: false },
      'soak-seconds': { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return null;
  if (values['browser-only'] && values['no-browser']) throw new Error('--browser-only and --no-browser exclude each other');
  const soak = values.soak;
  const summaries = whole('summaries', values.summaries, soak ? 20_000 : 1_000_000);
  const quick = values.quick;
  const seconds = whole('seconds', values.seconds, quick ? 1 : 3);
  return {
    summaries,
    quick,
    dataDir: path.resolve(values['data-dir'] ?? path.join('bench', '.data', String(summaries))),
    databaseUrl: values['database-url'] ?? undefined,
    port: whole('port', values.port, 18080),
    seconds,
    minRequests: Math.max(1, whole('min-requests', values['min-requests'], 3)),
    concurrentSeconds: quick ? 2 : 5,
    connections: whole('connections', values.connections, 64),
    throughputConnections: (values['throughput-connections'] ?? '8,64,256').split(',').map((n) => whole('throughput-connections', n, 8)),
    browserRepeats: quick ? 5 : 20,
    browser: !values['no-browser'],
    browserOnly: values['browser-only'],
    sql: !values['no-sql'],
    explain: !values['no-explain'],
    outDir: path.resolve(values.out ?? path.join('bench', 'results')),
    seed: whole('seed', values.seed, 1),
    soakSeconds: soak ? whole('soak-seconds', values['soak-seconds'], 60) : null,
    only: values.only,
  };
}
