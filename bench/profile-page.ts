/**
 * Where one list page's Node CPU goes: for each limit, one server process of a checkout runs with a V8 CPU
 * profile, is warmed for 2 s, then serves page 1 under autocannon; the samples of the loaded window are summed
 * by phase (cpu-phases.ts) and divided by the pages answered, beside the process's own CPU per page (/proc).
 * Writes bench/results/<stamp>-page-profile.md.
 *
 *   npx tsx bench/profile-page.ts --database-url URL --token acq_... [--limits 20,100] [--seconds 6] [--connections 16]
 *     [--path /v1/transactions/summaries] [--label NAME] [--from-source] [CHECKOUT]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeShortReport } from './ab-report.ts';
import { builtEntry, sourceEntry, startCompareServer } from './compare-server.ts';
import { cpuPhases, phases } from './cpu-phases.ts';
import { cpuSeconds } from './cpu-time.ts';
import { recordReport } from './results-index.ts';
import { loadHttp } from './http-load.ts';
import { round } from './stats.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'database-url': { type: 'string' },
    token: { type: 'string' },
    limits: { type: 'string', default: '20,100' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '16' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    port: { type: 'string', default: '18958' },
    label: { type: 'string' },
    'from-source': { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
const token = values.token ?? process.env.BENCH_TOKEN;
if (!databaseUrl || !token) throw new Error('--database-url and --token are required');
const root = path.resolve(positionals[0] ?? '.');
const label = values.label ?? root;
const port = Number(values.port);
const limits = values.limits.split(',').map(Number).filter((n) => n > 0 && n <= 100);
const seconds = Math.min(30, Number(values.seconds));
const connections = Math.min(256, Number(values.connections));
const headers = { authorization: `Bearer ${token}` };
const url = (limit: number) => `http://127.0.0.1:${port}${values.path}?limit=${limit}`;
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

const columns: { limit: number; pages: number; serverMs: number; profiledMs: number; byPhase: Map<string, number> }[] = [];
const log: string[] = [];
for (const limit of limits) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'page-profile-'));
  const server = await startCompareServer(root, { databaseUrl, port, workers: 1, entry: values['from-source'] ? sourceEntry : builtEntry, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  let window;
  let pages = 0;
  let serverSeconds = 0;
  try {
    await loadHttp({ url: url(limit), headers, connections: 16, seconds: 2, minRequests: 1 });
    const pid = Number(/pid=(\d+)/.exec(execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString())?.[1]);
    const before = cpuSeconds(pid);
    const fromUs = nowUs();
    const stats = await loadHttp({ url: url(limit), headers, connections, seconds, minRequests: 1 });
    window = { fromUs, toUs: nowUs() };
    serverSeconds = cpuSeconds(pid) - before;
    pages = stats.count;
    log.push(`limit=${limit}: ${round(stats.rps)} req/s under the profiler, ${pages} pages, load average ${os.loadavg().map((n) => round(n, 2)).join(' / ')}`);
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  const totals = cpuPhases(path.join(dir, file), window);
  if (!process.env.KEEP_PROFILES) rmSync(dir, { recursive: true, force: true });
  else console.error(`kept ${dir}`);
  columns.push({
    limit,
    pages,
    serverMs: (serverSeconds * 1000) / Math.max(1, pages),
    profiledMs: totals.reduce((a, b) => a + b.ms, 0) / Math.max(1, pages),
    byPhase: new Map(totals.map((t) => [t.phase, t.ms / Math.max(1, pages)])),
  });
}

// the profiler samples wall time (a descheduled thread keeps its last stack): shares are sound, milliseconds are not,
// so each phase gets its share of the process's own CPU per page (/proc)
const share = (c: (typeof columns)[number], phase: string) => (c.byPhase.get(phase) ?? 0) / Math.max(1e-9, c.profiledMs);
const table = [
  `| phase | ${columns.map((c) => `limit=${c.limit} ms/page | share`).join(' | ')} |`,
  `|---|${columns.map(() => '---:|---:').join('|')}|`,
  ...phases.map((phase) => `| ${phase} | ${columns.map((c) => `${round(share(c, phase) * c.serverMs, 3)} | ${round(100 * share(c, phase))} %`).join(' | ')} |`),
  `| **server process CPU per page** (/proc, profiler included) | ${columns.map((c) => `**${round(c.serverMs, 3)}** | 100 %`).join(' | ')} |`,
  `| profiled wall time per page (samples) | ${columns.map((c) => `${round(c.profiledMs, 3)} | `).join(' | ')} |`,
];
const file = writeShortReport(
  'page-profile',
  `Node CPU of one list page by phase: ${label} (${values.path}, page 1, PostgreSQL)`,
  `One server process (\`${values['from-source'] ? 'tsx src/server/main.ts' : 'node dist/server/main.js'}\` with --cpu-prof) per limit, warmed 2 s, then ${seconds} s of autocannon at ${connections} connections; the profile's samples in that window summed by the innermost frame that names a phase (bench/cpu-phases.ts); each phase's share of the samples times the process's own CPU per page (/proc). Profiling slows the process; compare shares, not the totals with unprofiled runs.`,
  table,
  log,
);
recordReport('bench/results', {
  configuration: `page profile ${values.path}`,
  files: [file],
  date: new Date().toISOString(),
  headline: columns.map((c) => `limit=${c.limit}: ${round(c.serverMs, 2)} ms server CPU per page (profiled), ${['parse rows (pg driver)', 'serialize (JSON)', 'write (socket, HTTP response)', 'garbage collector'].map((p) => `${p.split(' (')[0]} ${round(100 * share(c, p))} %`).join(', ')}`).join('; ') + ` (${label})`,
  how: 'npx tsx bench/profile-page.ts (see its header)',
});
