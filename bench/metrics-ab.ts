/**
 * What the metrics cost per request: two servers of this checkout (embedded database, the same seed), one with
 * METRICS_PORT and one without, loaded in turn, alternating, with a small bounded autocannon run each; prints the
 * server process's CPU per answered request (user + system, /proc) for each and the difference. Writes
 * bench/results/<stamp>-metrics-ab.md.
 *
 *   npx tsx bench/metrics-ab.ts [--seconds 3] [--rounds 5] [--connections 4]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeShortReport } from './ab-report.ts';
import { cpuSeconds } from './cpu-time.ts';
import { loadHttp } from './http-load.ts';
import { startServer, type BenchServer } from './server-process.ts';
import { round } from './stats.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '4' },
    port: { type: 'string', default: '18971' },
  },
});
const seconds = Math.min(10, Number(values.seconds));
const rounds = Math.min(6, Number(values.rounds));
const connections = Math.min(16, Number(values.connections));
const token = 'acq_test_metrics_ab_token_000000000001';
// the bare probe and an authenticated API request (token lookup cached): the metrics' work is the same on every route
const paths = ['/health/live', '/v1/me'];
const variants = ['off', 'on'] as const;
type Variant = (typeof variants)[number];

const dirs: string[] = [];
const servers = new Map<Variant, BenchServer>();
for (const [i, variant] of variants.entries()) {
  const dir = mkdtempSync(path.join(tmpdir(), 'acq-metrics-ab-'));
  dirs.push(dir);
  const env = { DATA_DIR: dir, SEED_SUMMARIES: '500', DEMO_ACCESS_TOKEN: token, WEB_ROOT: '/nonexistent', WORKER: 'off', ...(variant === 'on' ? { METRICS_PORT: '0' } : {}) };
  servers.set(variant, await startServer(Number(values.port) + i, env));
}

const perRequestUs = new Map<string, number[]>();
const lines: string[] = [];
try {
  for (const p of paths) {
    for (const server of servers.values()) await loadHttp({ url: server.origin + p, headers: { authorization: `Bearer ${token}` }, connections, seconds: 1, minRequests: 1 });
    for (let r = 1; r <= rounds; r += 1) {
      for (const variant of r % 2 === 1 ? variants : [...variants].reverse()) {
        const server = servers.get(variant) as BenchServer;
        const before = cpuSeconds(server.pid);
        const stats = await loadHttp({ url: server.origin + p, headers: { authorization: `Bearer ${token}` }, connections, seconds, minRequests: 1 });
        const us = ((cpuSeconds(server.pid) - before) * 1e6) / Math.max(1, stats.count);
        perRequestUs.set(`${p} ${variant}`, [...(perRequestUs.get(`${p} ${variant}`) ?? []), us]);
        const line = `round ${r} ${p} metrics ${variant}: ${round(stats.rps)} req/s, ${stats.count} answers (${stats.errors} errors), server CPU ${round(us, 1)} µs per request`;
        lines.push(line);
        console.log(line);
      }
    }
  }
} finally {
  for (const server of servers.values()) await server.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
// each round's on minus off (the two ran back to back, so the machine's drift between rounds cancels out)
const table = ['| request | metrics off µs | metrics on µs | on − off per round µs | median on − off µs |', '|---|--:|--:|--:|--:|'];
for (const p of paths) {
  const off = perRequestUs.get(`${p} off`) ?? [];
  const on = perRequestUs.get(`${p} on`) ?? [];
  const differences = on.map((us, i) => us - (off[i] ?? Number.NaN));
  table.push(`| \`${p}\` | ${round(median(off), 1)} | ${round(median(on), 1)} | ${differences.map((d) => round(d, 1)).join(', ')} | ${round(median(differences), 1)} |`);
}
writeShortReport(
  'metrics-ab',
  'Metrics cost per request, A/B (embedded database, one server process each)',
  `autocannon ${connections} connections, ${seconds} s per run, ${rounds} alternating rounds; server CPU (user + system) per answered request, medians over the rounds:`,
  table,
  lines,
);
