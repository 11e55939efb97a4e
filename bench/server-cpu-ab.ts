/**
 * A/B of server CPU per request: two or more checkouts (git worktrees with node_modules linked) serve the same
 * list page in turn, each as one process on the same PostgreSQL database, under autocannon; prints req/s and the
 * server process's own CPU (user + system, /proc) per answered request, round after round, alternating.
 * Server CPU per request moves far less with the machine's other load than req/s does.
 *
 *   npx tsx bench/server-cpu-ab.ts --database-url postgres://... --token acq_... [--limit 100] [--connections 16]
 *     [--seconds 8] [--rounds 3] <checkout> <checkout> [...]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCompareServer } from './compare-server.ts';
import { cpuSeconds } from './cpu-time.ts';
import { loadHttp } from './http-load.ts';
import { round } from './stats.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    token: { type: 'string' },
    limit: { type: 'string', default: '100' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: '18955' },
  },
});
const databaseUrl = values['database-url'];
const token = values.token ?? process.env.BENCH_TOKEN;
if (!databaseUrl || !token || positionals.length < 2) throw new Error('--database-url, --token and two or more checkouts are required');
const port = Number(values.port);
const url = `http://127.0.0.1:${port}/v1/transactions/summaries?limit=${Number(values.limit)}`;
const headers = { authorization: `Bearer ${token}` };
const serverPid = (): number | undefined => {
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(listening);
  return match ? Number(match[1]) : undefined;
};

const results = new Map<string, number[]>();
for (let r = 1; r <= Math.min(10, Number(values.rounds)); r += 1) {
  for (const checkout of positionals) {
    const server = await startCompareServer(path.resolve(checkout), { databaseUrl, port, workers: 1 });
    try {
      await loadHttp({ url, headers, connections: 16, seconds: 2, minRequests: 1 });
      const pid = serverPid();
      const before = cpuSeconds(pid);
      const stats = await loadHttp({ url, headers, connections: Number(values.connections), seconds: Math.min(60, Number(values.seconds)), minRequests: 1 });
      const ms = ((cpuSeconds(pid) - before) * 1000) / Math.max(1, stats.count);
      results.set(checkout, [...(results.get(checkout) ?? []), ms]);
      console.log(`round ${r} ${checkout}: ${round(stats.rps)} req/s, server CPU ${round(ms, 3)} ms/request`);
    } finally {
      await server.stop();
    }
  }
}
for (const [checkout, list] of results) console.log(`${checkout}: mean server CPU ${round(list.reduce((a, b) => a + b, 0) / list.length, 3)} ms/request over ${list.length} rounds`);
