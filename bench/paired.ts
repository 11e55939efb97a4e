/**
 * Paired rounds: two or more checkouts serve the same list page in turn (one server process each, the same
 * PostgreSQL database), round after round in alternating order, so every checkout meets the same minutes of
 * the machine's other load. Per run: req/s and latency, and per answered request the server process's CPU
 * (/proc), its database backends' CPU, the load generator's own CPU and the whole machine's; plus the cores the
 * machine's other processes used meanwhile. CPU per request hardly moves with the others' load; req/s does.
 */
import { execFileSync } from 'node:child_process';
import { startCompareServer } from './compare-server.ts';
import { cpuSeconds, DatabaseCpu, machineBusySeconds } from './cpu-time.ts';
import { loadHttp } from './http-load.ts';
import { round } from './stats.ts';

export interface Checkout {
  /** how the report names it: a revision, "current tree" */
  label: string;
  /** its folder (a git worktree with node_modules) */
  root: string;
  /** node arguments that start its server from that folder: the build (dist/server/main.js) or the sources through tsx */
  entry: string[];
  /** the node binary (default: the bench's own) */
  node?: string;
}

export interface PairedOptions {
  databaseUrl: string;
  headers: Record<string, string>;
  path: string;
  limits: number[];
  connections: number;
  seconds: number;
  rounds: number;
  port: number;
  /** extra node flags for every server (e.g. --cpu-prof) */
  nodeFlags?: (checkout: Checkout, round: number) => string[];
  log?: (line: string) => void;
}

export interface PairedRun {
  round: number;
  checkout: string;
  limit: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per answered request: the server process, its PostgreSQL backends, the load generator, the whole machine */
  server: number;
  database: number;
  client: number;
  machine: number;
  /** cores used meanwhile by every other process on the machine (machine busy minus the three above, per wall second) */
  othersCores: number;
  /** 1-minute load average when the run started */
  load: number;
}

export interface PairedResult {
  runs: PairedRun[];
  /** pids of the servers and database backends measured (not "other" load) */
  ownPids: Set<number>;
}

const listeningPid = (port: number): number | undefined => {
  const listening = execFileSync('ss', ['-ltnpH', `sport = :${port}`]).toString();
  const match = /pid=(\d+)/.exec(listening);
  return match ? Number(match[1]) : undefined;
};

const ownCpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

export async function runPaired(checkouts: Checkout[], options: PairedOptions): Promise<PairedResult> {
  const { default: os } = await import('node:os');
  const adminUrl = Object.assign(new URL(options.databaseUrl), { pathname: '/postgres' }).toString();
  const url = (limit: number) => `http://127.0.0.1:${options.port}${options.path}?limit=${limit}`;
  const log = options.log ?? ((line: string) => console.log(line));
  const runs: PairedRun[] = [];
  const ownPids = new Set<number>();
  for (let r = 1; r <= options.rounds; r += 1) {
    for (const checkout of r % 2 === 1 ? checkouts : [...checkouts].reverse()) {
      const server = await startCompareServer(checkout.root, {
        databaseUrl: options.databaseUrl,
        port: options.port,
        workers: 1,
        entry: checkout.entry,
        ...(checkout.node ? { node: checkout.node } : {}),
        nodeFlags: options.nodeFlags?.(checkout, r) ?? [],
      });
      try {
        // warm-up: statements prepared, code optimised, caches (token, total) filled
        await loadHttp({ url: url(options.limits[0] ?? 20), headers: options.headers, connections: 16, seconds: 2, minRequests: 1 });
        const pid = listeningPid(options.port);
        if (pid !== undefined) ownPids.add(pid);
        for (const limit of options.limits) {
          const load = os.loadavg()[0] ?? 0;
          const before = { server: cpuSeconds(pid), machine: machineBusySeconds(), client: ownCpuSeconds(), wall: performance.now() };
          const database = await DatabaseCpu.start(adminUrl, options.databaseUrl);
          const stats = await loadHttp({ url: url(limit), headers: options.headers, connections: options.connections, seconds: options.seconds, minRequests: 1 });
          const databaseSeconds = await database.stop();
          for (const backend of database.pids()) ownPids.add(backend);
          const wall = (performance.now() - before.wall) / 1000;
          const serverSeconds = cpuSeconds(pid) - before.server;
          const clientSeconds = ownCpuSeconds() - before.client;
          const machineSeconds = machineBusySeconds() - before.machine;
          const perRequest = (s: number): number => round((s * 1000) / Math.max(1, stats.count), 3);
          const run: PairedRun = {
            round: r,
            checkout: checkout.label,
            limit,
            rps: round(stats.rps),
            p50: stats.p50,
            p99: stats.p99,
            errors: stats.errors,
            server: perRequest(serverSeconds),
            database: perRequest(databaseSeconds),
            client: perRequest(clientSeconds),
            machine: perRequest(machineSeconds),
            othersCores: round(Math.max(0, machineSeconds - serverSeconds - databaseSeconds - clientSeconds) / wall, 2),
            load: round(load, 2),
          };
          runs.push(run);
          log(
            `round ${r} ${checkout.label} limit=${limit}: ${run.rps} req/s (p50 ${run.p50} ms, p99 ${run.p99} ms, ${run.errors} errors); ` +
              `CPU per page: server ${run.server} ms, PostgreSQL ${run.database} ms, client ${run.client} ms, machine ${run.machine} ms; ` +
              `others ${run.othersCores} cores, load ${run.load}`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
  return { runs, ownPids };
}

/** Median of a list (the middle value, or the mean of the two middle ones). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
