/**
 * Throughput of the list endpoints, this revision against a baseline checkout, on one PostgreSQL database,
 * alternating the two in the same minutes (the machine is shared: only side-by-side figures compare).
 *
 *   npx tsx bench/throughput-compare.ts --database-url postgres://127.0.0.1/throughput_bench \
 *     --baseline ../throughput-base --token acq_test_... [--seconds 8] [--rounds 2] [--path /v1/transactions/summaries]
 *
 * The baseline is a git worktree of the revision to compare with (`git worktree add ../base <rev>`, its
 * node_modules linked to this one's). Prints a table and writes bench/results/<stamp>-throughput-compare.md.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadHttp } from './http-load.ts';
import { unthrottledEnv } from './server-process.ts';
import { round, type LatencyStats } from './stats.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    baseline: { type: 'string' },
    token: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    port: { type: 'string', default: '18931' },
  },
});
const databaseUrl = values['database-url'];
const baseline = values.baseline;
const token = values.token ?? process.env.BENCH_TOKEN;
if (!databaseUrl || !baseline || !token) throw new Error('--database-url, --baseline and --token (or BENCH_TOKEN) are required');
const seconds = Math.min(60, Number(values.seconds));
const rounds = Math.min(5, Number(values.rounds));
const port = Number(values.port);
const revisions = [
  { name: 'baseline', root: path.resolve(baseline) },
  { name: 'this', root: process.cwd() },
];
const cases = [16, 64].flatMap((connections) => [20, 100].map((limit) => ({ connections, limit })));

async function startServer(root: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { WORKERS: '1', ...process.env, ...unthrottledEnv, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKER: 'off', RESPONSE_VALIDATION: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server in ${root} exited while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('no /health within 120 s');
    await sleep(250);
  }
  return {
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(20_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

type Row = { revision: string; round: number; connections: number; limit: number } & LatencyStats;
const rows: Row[] = [];
const headers = { authorization: `Bearer ${token}` };
for (let r = 1; r <= rounds; r += 1) {
  // alternate which revision goes first, so neither always meets a warmer (or busier) machine
  const order = r % 2 === 1 ? revisions : [...revisions].reverse();
  for (const revision of order) {
    const server = await startServer(revision.root);
    try {
      const url = (limit: number) => `http://127.0.0.1:${port}${values.path}?limit=${limit}`;
      await loadHttp({ url: url(20), headers, connections: 16, seconds: 2, minRequests: 1 });
      for (const { connections, limit } of cases) {
        const stats = await loadHttp({ url: url(limit), headers, connections, seconds, minRequests: connections });
        rows.push({ revision: revision.name, round: r, connections, limit, ...stats });
        console.log(`${revision.name} round ${r} c=${connections} limit=${limit}: ${round(stats.rps)} req/s, p50 ${round(stats.p50)} ms, p95 ${round(stats.p95)} ms, errors ${stats.errors}`);
      }
    } finally {
      await server.stop();
    }
  }
}

const lines = [
  `# List throughput: this revision vs baseline (${values.path}, page 1, PostgreSQL)`,
  '',
  `${new Date().toISOString()}; ${seconds} s per run, ${rounds} alternating rounds; machine shared and loaded, figures are indicative.`,
  '',
  '| connections | limit | baseline req/s | this req/s | ratio | baseline p50 ms | this p50 ms |',
  '|---:|---:|---:|---:|---:|---:|---:|',
];
for (const { connections, limit } of cases) {
  const pick = (name: string) => rows.filter((row) => row.revision === name && row.connections === connections && row.limit === limit);
  const mean = (list: Row[], key: 'rps' | 'p50') => list.reduce((sum, row) => sum + row[key], 0) / Math.max(1, list.length);
  const [b, t] = [pick('baseline'), pick('this')];
  lines.push(`| ${connections} | ${limit} | ${round(mean(b, 'rps'))} | ${round(mean(t, 'rps'))} | ${round(mean(t, 'rps') / mean(b, 'rps'), 2)} | ${round(mean(b, 'p50'))} | ${round(mean(t, 'p50'))} |`);
}
const report = `${lines.join('\n')}\n`;
console.log(`\n${report}`);
const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join('bench/results', `${stamp}-throughput-compare.md`), report);
