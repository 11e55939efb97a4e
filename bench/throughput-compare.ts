/**
 * Throughput of a list endpoint's page 1, this revision against a baseline checkout, on one PostgreSQL database,
 * alternating the two in the same minutes (the machine is shared: only side-by-side figures compare). Beside
 * the API, each revision's own statements for one warm request, captured on the wire, are replayed through
 * `pg` (pool of 16): the database ceiling the API is measured against; and this revision's statements are served
 * by a bare node:http server that sends JSON.stringify of the driver's rows (bench/bare-api-server.ts): the most
 * any Node API on these statements could reach. `--profile` adds CPU profile buckets.
 *
 *   npx tsx bench/throughput-compare.ts --database-url postgres://127.0.0.1/bench --baseline ../base \
 *     --token acq_test_... [--connections 8,16,64,256] [--seconds 8] [--rounds 2] [--profile] [--path /v1/events]
 *
 * The baseline is a git worktree of the revision to compare with (`git worktree add ../base <rev>`, its
 * node_modules linked to this one's). Prints a table and writes bench/results/<stamp>-throughput-compare.md.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { captureRequest } from './compare-capture.ts';
import { compareReport, type CompareRow, type ProfileRow } from './compare-report.ts';
import { startCompareServer } from './compare-server.ts';
import { cpuBuckets } from './cpu-buckets.ts';
import { withMachineCpu } from './cpu-time.ts';
import { recordResponse, startBareApiServer, startFloorServer, type Recorded } from './http-floor.ts';
import { loadHttp } from './http-load.ts';
import { describeMachine } from './machine.ts';
import { replayStatements } from './pg-replay.ts';
import { recordReport } from './results-index.ts';
import { round } from './stats.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    baseline: { type: 'string' },
    token: { type: 'string' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '8,16,64,256' },
    limits: { type: 'string', default: '20,100' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    port: { type: 'string', default: '18931' },
    profile: { type: 'boolean', default: false },
    'this-workers': { type: 'string' },
  },
});
const databaseUrl = values['database-url'];
const token = values.token ?? process.env.BENCH_TOKEN;
if (!databaseUrl || !values.baseline || !token) throw new Error('--database-url, --baseline and --token (or BENCH_TOKEN) are required');
const seconds = Math.min(60, Number(values.seconds));
const rounds = Math.min(5, Number(values.rounds));
const port = Number(values.port);
const connectionCounts = values.connections.split(',').map(Number).filter((n) => n > 0 && n <= 512);
const limits = values.limits.split(',').map(Number);
const thisWorkers = values['this-workers'] === undefined ? null : Math.min(8, Number(values['this-workers']));
// `--this-workers n` adds this revision run as n processes (WORKERS=n, its default on PostgreSQL is one per core)
const revisions = [
  { name: 'baseline', root: path.resolve(values.baseline), workers: 1 },
  { name: 'this', root: process.cwd(), workers: 1 },
  ...(thisWorkers ? [{ name: `this ×${thisWorkers}`, root: process.cwd(), workers: thisWorkers }] : []),
];
const headers = { authorization: `Bearer ${token}` };
const url = (limit: number): string => `http://127.0.0.1:${port}${values.path}?limit=${limit}`;
const described = describeMachine();
const machine = `${described.cpuModel}, ${described.cores} cores, Node ${described.node}; load average at start ${described.loadAverage.join(' / ')}`;
const rows: CompareRow[] = [];
// this revision's answers, served again by a bare node:http server: the HTTP floor (bench/http-floor-server.ts)
const recorded = new Map<number, Recorded>();
const log = (row: CompareRow): void => {
  rows.push(row);
  console.log(`${row.revision} ${row.via} round ${row.round} c=${row.connections} limit=${row.limit}: ${round(row.rps)} req/s, p50 ${round(row.p50)} ms, errors ${row.errors}, machine CPU ${round(row.machineCpuMs, 2)} ms/req`);
};

/** A stand-in for this revision's API on the same port (the HTTP floor, the bare API), loaded at every connection count. */
async function loadStandIn(via: 'floor' | 'bare' | 'bare-fastify', r: number, limit: number, statements: number, start: () => Promise<{ stop(): Promise<void> }>): Promise<void> {
  const server = await start();
  try {
    for (const connections of connectionCounts) {
      const stats = await withMachineCpu(() => loadHttp({ url: url(limit), headers, connections, seconds, minRequests: connections }));
      log({ revision: 'this', via, round: r, connections, limit, statements, ...stats });
    }
  } finally {
    await server.stop();
  }
}

for (let r = 1; r <= rounds; r += 1) {
  // alternate which revision goes first, so neither always meets a warmer (or busier) machine
  for (const revision of r % 2 === 1 ? revisions : [...revisions].reverse()) {
    const server = await startCompareServer(revision.root, { databaseUrl, port, workers: revision.workers });
    try {
      await loadHttp({ url: url(20), headers, connections: 16, seconds: 2, minRequests: 1 });
      for (const connections of connectionCounts) {
        for (const limit of limits) {
          const stats = await withMachineCpu(() => loadHttp({ url: url(limit), headers, connections, seconds, minRequests: connections }));
          log({ revision: revision.name, via: 'api', round: r, connections, limit, statements: 0, ...stats });
        }
      }
      if (revision.name === 'this' && recorded.size === 0) for (const limit of limits) recorded.set(limit, await recordResponse(url(limit), headers));
    } finally {
      await server.stop();
    }
    if (revision.name === 'this') {
      for (const limit of limits) {
        const answer = recorded.get(limit);
        if (!answer) throw new Error(`no recorded answer for limit=${limit}`);
        await loadStandIn('floor', r, limit, 0, () => startFloorServer(answer, port));
      }
    }
    if (revision.workers !== 1) continue; // the same statements as one process
    const captured = await captureRequest(revision.root, { databaseUrl, port, url, headers, limits });
    for (const connections of connectionCounts) {
      for (const limit of limits) {
        const statements = captured.get(limit) ?? [];
        const stats = await withMachineCpu(() => replayStatements(databaseUrl, statements, { connections, seconds }));
        log({ revision: revision.name, via: 'pg', round: r, connections, limit, statements: statements.length, ...stats });
      }
    }
    if (revision.name !== 'this') continue;
    // the bare API: the same statements and answer headers from node:http, JSON.stringify of the driver's rows; then
    // the same from a Fastify instance with nothing registered (the decided framework's own cost)
    for (const limit of limits) {
      const statements = captured.get(limit) ?? [];
      const spec = { databaseUrl, statements, headers: recorded.get(limit)?.headers ?? {} };
      await loadStandIn('bare', r, limit, statements.length, () => startBareApiServer(spec, port));
      await loadStandIn('bare-fastify', r, limit, statements.length, () => startBareApiServer(spec, port, 'fastify'));
    }
  }
}

const profiles: ProfileRow[] = [];
if (values.profile) {
  for (const revision of revisions.filter((r) => r.workers === 1)) {
    for (const limit of limits) {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'throughput-prof-'));
      const server = await startCompareServer(revision.root, { databaseUrl, port, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
      let count = 0;
      try {
        await loadHttp({ url: url(limit), headers, connections: 16, seconds: 2, minRequests: 1 });
        count = (await loadHttp({ url: url(limit), headers, connections: 64, seconds, minRequests: 64 })).count;
      } finally {
        await server.stop();
      }
      const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
      if (file) profiles.push({ revision: revision.name, limit, requests: count, buckets: cpuBuckets(path.join(dir, file)) });
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

const report = compareReport({ more: revisions[2]?.name ?? null, path: values.path, seconds, rounds, machine, connectionCounts, limits, rows, profiles });
console.log(`\n${report}`);
const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join('bench/results', `${stamp}-throughput-compare.md`), report);
const apiRps = (revision: string, connections: number, limit: number) => {
  const list = rows.filter((row) => row.revision === revision && row.via === 'api' && row.connections === connections && row.limit === limit);
  return list.reduce((sum, row) => sum + row.rps, 0) / Math.max(1, list.length);
};
recordReport('bench/results', {
  configuration: `throughput-compare ${values.path}`,
  files: [`${stamp}-throughput-compare.md`],
  date: new Date().toISOString(),
  headline: `this / baseline API req/s: ${limits.map((limit) => `limit=${limit} ${connectionCounts.map((c) => `${(apiRps('this', c, limit) / apiRps('baseline', c, limit)).toFixed(2)}× at ${c}`).join(', ')}`).join('; ')}`,
  how: 'npx tsx bench/throughput-compare.ts --database-url URL --baseline DIR --token T',
});
