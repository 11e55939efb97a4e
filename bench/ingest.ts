/**
 * `npm run bench -- --ingest [--rate 800] [--seconds 20] [--only pglite|postgres]`: signed notifications
 * from the simulator's generator against the real server, on PGlite (in-process worker) and on PostgreSQL
 * with 1 and 2 `npm run worker` processes (server with WORKER=off). Reports accepted/s and
 * notification -> processed latency (processed_at minus the moment the request was sent) per setup, and
 * writes bench/results/<date>-ingest.{json,md} and latest-ingest.md. Every load loop is bounded in rate, count and time.
 */
import { profileFlags } from './profile-flags.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.ts';
import { demoOrganization } from '../src/server/seed/demo.ts';
import { NotificationGenerator, terminalsOf } from '../src/server/simulate/generator.ts';
import { fetchMerchants } from '../src/server/simulate/merchants.ts';
import { runSimulation } from '../src/server/simulate/send.ts';
import { cpuSeconds, DatabaseCpu } from './cpu-time.ts';
import { writeIngestReport, type SetupResult } from './ingest-report.ts';
import { describeMachine } from './machine.ts';
import { builtEntry } from './processes.ts';
import { startServer } from './server-process.ts';

const secret = 'whsec_bench_ingest_secret_0001';
const token = 'acq_test_bench_ingest_token_000000001';
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';


const quantile = (sorted: number[], q: number) => (sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN));

/** A worker process, once it says it is processing (its start, migrations included, is not measured). */
async function spawnWorker(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // same niceness as the server (both inherit the bench's: run it under nice)
  const child = spawn(process.execPath, [...profileFlags(), builtEntry('worker-cli')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('processing pending events')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`a worker exited while starting (${code})`)));
  });
  return child;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await gone;
}

async function runSetup(name: string, env: NodeJS.ProcessEnv, workers: number, rate: number, seconds: number, port: number): Promise<SetupResult> {
  console.error(`ingest bench: ${name}: starting`);
  const server = await startServer(port, { ...env, SEED_SUMMARIES: '300', DEMO_ACCESS_TOKEN: token, DEMO_SIGNING_SECRET: secret, WORKER: workers === 0 ? 'on' : 'off', WEB_ROOT: '/nonexistent' });
  const started = await Promise.allSettled(Array.from({ length: workers }, () => spawnWorker(env)));
  const children = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    for (const child of children) await stopChild(child);
    await server.stop();
    throw failed.reason;
  }
  const sentAt = new Map<string, number>();
  const answers: number[] = [];
  let stats;
  let drainSeconds = 0;
  const ownCpu = () => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
  const cpuOf = () => ({ server: cpuSeconds(server.pid), workers: children.reduce((a, c) => a + cpuSeconds(c.pid), 0), postgres: 0, client: ownCpu() });
  const loadStart = os.loadavg()[0] ?? 0;
  let loadEnd = loadStart;
  const cpuBefore = cpuOf();
  let cpuAfter = cpuBefore;
  const databaseCpu = env.DATABASE_URL ? await DatabaseCpu.start(adminUrl, env.DATABASE_URL) : null;
  try {
    const generator = new NotificationGenerator(terminalsOf(await fetchMerchants(server.origin, token)), `bench${port}`);
    stats = await runSimulation({
      origin: server.origin,
      organizationId: demoOrganization.id,
      secret,
      generator,
      rate,
      durationMs: seconds * 1000,
      concurrency: 32,
      onAnswer: (a) => {
        answers.push(a.ms);
        if (a.status === 202) sentAt.set(a.eventId, a.sentAt);
      },
    });
    console.error(`ingest bench: ${name}: sent ${stats.sent} in ${(stats.elapsedMs / 1000).toFixed(1)} s, answers ${JSON.stringify(stats.byStatus)}`);
    // let the workers finish what is due (out-of-order steps wait for their backoff: not waited for)
    const drainStart = Date.now();
    const pendingDue = async () => {
      const res = await fetch(`${server.origin}/v1/events?event_status=pending&limit=100&created_at=${new Date(Date.now() - 3_600_000).toISOString()}..`, { headers: { authorization: `Bearer ${token}` } });
      const rows = (await res.json()) as { attempts: number }[];
      return rows.filter((r) => r.attempts === 0).length;
    };
    while (Date.now() - drainStart < 60_000 && (await pendingDue()) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    drainSeconds = (Date.now() - drainStart) / 1000;
    cpuAfter = { ...cpuOf(), postgres: (await databaseCpu?.stop()) ?? 0 };
    loadEnd = os.loadavg()[0] ?? 0;
  } finally {
    await databaseCpu?.stop();
    for (const child of children) await stopChild(child);
    await server.stop();
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR });
  const rows = await database.query<{ event_id: string; event_status: string; failure_reason: string | null; attempts: number; processed_at: Date | null }>(
    'select event_id, event_status, failure_reason, attempts, processed_at from events where event_id = any($1::text[])',
    [[...sentAt.keys()]],
  );
  await database.close();
  const outcomes: Record<string, number> = {};
  const latencies: number[] = [];
  for (const row of rows) {
    const key = `${row.event_status}${row.failure_reason ? `:${row.failure_reason}` : ''}`;
    outcomes[key] = (outcomes[key] ?? 0) + 1;
    const sent = sentAt.get(row.event_id);
    if (row.event_status === 'processed' && row.attempts === 1 && row.processed_at && sent !== undefined) latencies.push(new Date(row.processed_at).getTime() - sent);
  }
  latencies.sort((a, b) => a - b);
  const accepted = stats.byStatus['202'] ?? 0;
  return {
    name,
    offeredPerSecond: rate,
    seconds,
    sent: stats.sent,
    accepted,
    repeats: stats.byStatus['200'] ?? 0,
    rejected: Object.entries(stats.byStatus).filter(([s]) => s !== '200' && s !== '202').reduce((a, [, n]) => a + n, 0),
    networkErrors: stats.errors,
    acceptedPerSecond: accepted / (stats.elapsedMs / 1000),
    answerMs: { p50: quantile(answers.sort((a, b) => a - b), 0.5), p95: quantile(answers, 0.95) },
    firstAttempt: { count: latencies.length, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), max: latencies[latencies.length - 1] ?? Number.NaN },
    outcomes,
    drainSeconds,
    load: { start: loadStart, end: loadEnd },
    cpu: {
      server: cpuAfter.server - cpuBefore.server,
      workers: cpuAfter.workers - cpuBefore.workers,
      perThousandEvents: ((cpuAfter.server - cpuBefore.server + cpuAfter.workers - cpuBefore.workers) / Math.max(1, accepted)) * 1000,
      postgres: cpuAfter.postgres - cpuBefore.postgres,
      postgresPerThousand: ((cpuAfter.postgres - cpuBefore.postgres) / Math.max(1, accepted)) * 1000,
      client: cpuAfter.client - cpuBefore.client,
    },
  };
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `ingest_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await admin.query(`drop database if exists ${name}`).catch((error: unknown) => console.error(`could not drop ${name}: ${String(error)}`));
    await admin.end();
  }
}

export async function runIngestBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { ingest: { type: 'boolean' }, rate: { type: 'string', default: '800' }, seconds: { type: 'string', default: '20' }, only: { type: 'string' }, port: { type: 'string', default: '18480' } } });
  const rate = Math.min(Number(values.rate), 3000);
  const seconds = Math.min(Number(values.seconds), 120);
  const port = Number(values.port);
  const machine = describeMachine();
  const results: SetupResult[] = [];
  if (values.only !== 'postgres') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
    try {
      results.push(await runSetup('PGlite, worker in the server', { DATA_DIR: dir, DATABASE_URL: '' }, 0, rate, seconds, port));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (values.only !== 'pglite') {
    for (const workers of [1, 2]) {
      results.push(await withPostgresDatabase((url) => runSetup(`PostgreSQL, ${workers} worker process${workers > 1 ? 'es' : ''}`, { DATABASE_URL: url }, workers, rate, seconds, port)));
    }
  }
  writeIngestReport(machine, rate, seconds, results);
}
