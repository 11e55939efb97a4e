import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { RuntimeEnv } from './runtime-env.ts';

/**
 * How many API processes to run: WORKERS, else one per core on PostgreSQL; the embedded database admits one
 * process (its DATA_DIR lock), so more is refused there with a message saying why.
 */
export function processCount(env: Pick<RuntimeEnv, 'processes' | 'databaseUrl'>, cores = os.availableParallelism()): number {
  if (env.processes === 0) throw new Error('WORKERS must be at least 1.');
  if (!env.databaseUrl) {
    if (env.processes !== undefined && env.processes > 1) {
      throw new Error(`WORKERS=${env.processes} needs PostgreSQL (DATABASE_URL): the embedded database (PGlite) is opened by one process at a time.`);
    }
    return 1;
  }
  return env.processes ?? cores;
}

/** The first process forked: it prints the start banner (the others start quietly). */
export const bannerEnv = 'ACQ_BANNER';
/** Each API process's slot, 0..n-1: a replacement takes the slot of the process it replaces (the metrics' `process` label). */
export const slotEnv = 'ACQ_SLOT';

/**
 * The cluster primary: forks `n` API processes that share the port (connections are handed out round-robin),
 * replaces one that dies, restarts them one at a time on SIGHUP (the new one listens before the old one drains,
 * so no request is dropped) and on SIGINT/SIGTERM lets each drain (SHUTDOWN_TIMEOUT_MS) before exiting.
 */
export function runPrimary(n: number, log: (line: string) => void = (line) => console.log(line)): void {
  let stopping = false;
  const listening = (worker: Worker) => new Promise<void>((resolve) => worker.once('listening', () => resolve()));
  const slots = new Map<number, number>();
  const fork = (slot: number, banner = false) => {
    const worker = cluster.fork({ [slotEnv]: String(slot), ...(banner ? { [bannerEnv]: '1' } : {}) });
    slots.set(worker.id, slot);
    return worker;
  };
  const slotOf = (worker: Worker) => slots.get(worker.id) ?? 0;
  const replacing = new Set<number>();
  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf(worker);
    slots.delete(worker.id);
    if (stopping || replacing.has(worker.id)) return;
    log(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork(slot);
  });
  const workers = Array.from({ length: n }, (_, i) => fork(i, i === 0));
  void Promise.all(workers.map(listening)).then(() => log(`${n} API processes listening: ${workers.map((w) => w.process.pid).join(', ')}`));

  let restarting = false;
  process.on('SIGHUP', () => {
    if (restarting || stopping) return;
    restarting = true;
    void (async () => {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || stopping) continue;
        const fresh = fork(slotOf(old));
        await listening(fresh);
        replacing.add(old.id);
        const gone = new Promise<void>((resolve) => old.once('exit', () => resolve()));
        old.process.kill('SIGTERM');
        await gone;
        log(`restarted: API process ${old.process.pid} replaced by ${fresh.process.pid}`);
      }
      restarting = false;
    })();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      const all = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      log(`${signal}: the ${all.length} API processes finish their in-flight requests...`);
      void Promise.all(all.map((w) => new Promise<void>((resolve) => (w.isDead() ? resolve() : (w.once('exit', () => resolve()), w.process.kill('SIGTERM')))))).then(() =>
        process.exit(0),
      );
    });
  }
}
