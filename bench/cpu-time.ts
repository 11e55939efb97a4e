import { readFileSync } from 'node:fs';
import pg from 'pg';

/** user + system CPU seconds a process has used (Linux /proc; clock ticks of 1/100 s), 0 once it is gone. */
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of the PostgreSQL backends serving one database, and only them: the shared server's other
 * sessions (other engineers' tests and benches) and its background processes are not counted. The backends
 * are found in pg_stat_activity and read from /proc every 250 ms, so a backend that exits (a pool closing an
 * idle connection) loses at most its last quarter second. PostgreSQL must run on this machine.
 */
export class DatabaseCpu {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private sampling: Promise<void> = Promise.resolve();

  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  /** Starts counting now: what the backends used before is not counted. */
  static async start(adminUrl: string, databaseUrl: string): Promise<DatabaseCpu> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const sampler = new DatabaseCpu(client, decodeURIComponent(new URL(databaseUrl).pathname.slice(1)));
    await sampler.sample();
    sampler.timer = setInterval(() => {
      sampler.sampling = sampler.sampling.then(() => sampler.sample()).catch(() => undefined);
    }, 250);
    return sampler;
  }

  private async sample(): Promise<void> {
    const { rows } = await this.client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [this.database]);
    for (const { pid } of rows) {
      const seconds = cpuSeconds(pid);
      if (seconds === 0 && !this.last.has(pid)) continue;
      // a backend first seen after the start began with the sampling (it used next to nothing before)
      if (!this.first.has(pid)) this.first.set(pid, this.timer === null ? seconds : 0);
      this.last.set(pid, Math.max(seconds, this.last.get(pid) ?? 0));
    }
  }

  /** the backends seen so far */
  pids(): number[] {
    return [...this.last.keys()];
  }

  private stopped: Promise<number> | null = null;

  /** CPU seconds since the start; stops sampling (again: the same answer). */
  stop(): Promise<number> {
    this.stopped ??= this.finish();
    return this.stopped;
  }

  private async finish(): Promise<number> {
    if (this.timer) clearInterval(this.timer);
    await this.sampling;
    await this.sample();
    await this.client.end();
    let total = 0;
    for (const [pid, seconds] of this.last) total += seconds - (this.first.get(pid) ?? 0);
    return total;
  }
}

/** CPU seconds the whole machine has spent busy (every process, kernel included: /proc/stat, all but idle and iowait). */
export function machineBusySeconds(): number {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** `run`'s result with the machine's busy CPU milliseconds per counted request while it ran. */
export async function withMachineCpu<T extends { count: number }>(run: () => Promise<T>): Promise<T & { machineCpuMs: number }> {
  const before = machineBusySeconds();
  const result = await run();
  return { ...result, machineCpuMs: ((machineBusySeconds() - before) * 1000) / Math.max(1, result.count) };
}
