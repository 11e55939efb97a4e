/**
 * A/B of CPU per request: two or more checkouts (git worktrees with node_modules linked) serve the same list page
 * in turn, each as one process on the same PostgreSQL database, under autocannon; prints req/s and, per answered
 * request, the server process's own CPU (user + system, /proc), the CPU of the database's PostgreSQL backends and
 * the busy CPU of the whole machine, round after round, alternating. CPU per request moves far less with the
 * machine's other load than req/s does. Writes bench/results/<stamp>-cpu-ab.md.
 *
 *   npx tsx bench/server-cpu-ab.ts --database-url postgres://... --token acq_... [--limits 20,100] [--connections 16]
 *     [--seconds 8] [--rounds 3] [--path /v1/events] <checkout> <checkout> [...]
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startCompareServer } from './compare-server.ts';
import { cpuSeconds, DatabaseCpu, machineBusySeconds } from './cpu-time.ts';
import { loadHttp } from './http-load.ts';
import { describeMachine } from './machine.ts';
import { recordReport } from './results-index.ts';
import { round } from './stats.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    token: { type: 'string' },
    limits: { type: 'string', default: '100' },
    connections: { type: 'string', default: '16' },
    seconds: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '3' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    port: { type: 'string', default: '18955' },
  },
});
const databaseUrl = values['database-url'];
const token = values.token ?? process.env.BENCH_TOKEN;
if (!databaseUrl || !token || positionals.length < 2) throw new Error('--database-url, --token and two or more checkouts are required');
const port = Number(values.port);
const limits = values.limits.split(',').map(Number).filter((n) => n > 0 && n <= 100);
const connections = Math.min(512, Number(values.connections));
const seconds = Math.min(60, Number(values.seconds));
const rounds = Math.min(10, Number(values.rounds));
const url = (limit: number): string => `http://127.0.0.1:${port}${values.path}?limit=${limit}`;
const headers = { authorization: `Bearer ${token}` };
const adminUrl = Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString();
const serverPid = (): number | undefined => {
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(listening);
  return match ? Number(match[1]) : undefined;
};

interface Run {
  rps: number;
  server: number;
  database: number;
  machine: number;
}
const runs = new Map<string, Run[]>();
const lines: string[] = [];
const key = (checkout: string, limit: number): string => `${checkout}|${limit}`;

for (let r = 1; r <= rounds; r += 1) {
  for (const checkout of r % 2 === 1 ? positionals : [...positionals].reverse()) {
    const server = await startCompareServer(path.resolve(checkout), { databaseUrl, port, workers: 1 });
    try {
      await loadHttp({ url: url(limits[0] ?? 20), headers, connections: 16, seconds: 2, minRequests: 1 });
      const pid = serverPid();
      for (const limit of limits) {
        const before = { server: cpuSeconds(pid), machine: machineBusySeconds() };
        const database = await DatabaseCpu.start(adminUrl, databaseUrl);
        const stats = await loadHttp({ url: url(limit), headers, connections, seconds, minRequests: 1 });
        const databaseSeconds = await database.stop();
        const perRequest = (s: number): number => (s * 1000) / Math.max(1, stats.count);
        const run = { rps: stats.rps, server: perRequest(cpuSeconds(pid) - before.server), database: perRequest(databaseSeconds), machine: perRequest(machineBusySeconds() - before.machine) };
        runs.set(key(checkout, limit), [...(runs.get(key(checkout, limit)) ?? []), run]);
        const line = `round ${r} ${checkout} limit=${limit}: ${round(run.rps)} req/s; CPU per request: server ${round(run.server, 3)} ms, PostgreSQL ${round(run.database, 3)} ms, machine ${round(run.machine, 3)} ms`;
        lines.push(line);
        console.log(line);
      }
    } finally {
      await server.stop();
    }
  }
}

const mean = (list: Run[], field: keyof Run): number => round(list.reduce((a, b) => a + b[field], 0) / Math.max(1, list.length), 3);
const table = ['| checkout | limit | req/s | server ms | PostgreSQL ms | machine ms |', '|---|---:|---:|---:|---:|---:|'];
for (const limit of limits) {
  for (const checkout of positionals) {
    const list = runs.get(key(checkout, limit)) ?? [];
    table.push(`| ${checkout} | ${limit} | ${mean(list, 'rps')} | ${mean(list, 'server')} | ${mean(list, 'database')} | ${mean(list, 'machine')} |`);
  }
}
const machine = describeMachine();
const report = [
  `# CPU per request, A/B (${values.path}, page 1, PostgreSQL)`,
  '',
  `${new Date().toISOString()}; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; load average at start ${machine.loadAverage.join(' / ')}.`,
  `autocannon ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds, one server process per checkout. Means over the rounds:`,
  '',
  ...table,
  '',
  '```',
  ...lines,
  '```',
  '',
].join('\n');
console.log(`\n${table.join('\n')}`);
const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
writeFileSync(path.join('bench/results', `${stamp}-cpu-ab.md`), report);
recordReport('bench/results', {
  configuration: `cpu-ab ${values.path}`,
  files: [`${stamp}-cpu-ab.md`],
  date: new Date().toISOString(),
  headline: limits.flatMap((limit) => positionals.map((checkout) => `${checkout} limit=${limit}: ${mean(runs.get(key(checkout, limit)) ?? [], 'server')} ms server CPU per request`)).join('; '),
  how: 'npx tsx bench/server-cpu-ab.ts (see its header)',
});
