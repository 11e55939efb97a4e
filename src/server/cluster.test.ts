import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processCount } from './cluster.ts';
import { startCluster, type ClusterProcess } from './test/cluster-process.ts';
import { postgresAvailable } from './test/harness.ts';

describe('how many API processes (WORKERS)', () => {
  it('one per core on PostgreSQL unless WORKERS says; always one on PGlite, which refuses more', () => {
    expect(processCount({ processes: undefined, databaseUrl: 'postgres://x' }, 4)).toBe(4);
    expect(processCount({ processes: 3, databaseUrl: 'postgres://x' }, 4)).toBe(3);
    expect(processCount({ processes: undefined, databaseUrl: undefined }, 4)).toBe(1);
    expect(processCount({ processes: 1, databaseUrl: undefined }, 4)).toBe(1);
    expect(() => processCount({ processes: 2, databaseUrl: undefined }, 4)).toThrow(/WORKERS=2 needs PostgreSQL.*one process at a time/);
    expect(() => processCount({ processes: 0, databaseUrl: 'postgres://x' }, 4)).toThrow(/at least 1/);
  });
});

const token = 'acq_test_cluster_token_0000000000000001';

const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe.skipIf(!postgresAvailable)('WORKERS=2 on PostgreSQL: two processes on one port, restarted one at a time', () => {
  let cluster: ClusterProcess;
  const pidsIn = (pattern: RegExp) => [...cluster.output().matchAll(new RegExp(pattern.source, 'g'))].map((m) => m.slice(1).join(','));

  beforeAll(async () => {
    cluster = await startCluster(token);
  }, 120_000);
  afterAll(async () => {
    await cluster?.kill();
  });

  it('answers from both, keeps answering through a SIGHUP restart, and drains on SIGTERM', async () => {
    const [list] = pidsIn(/2 API processes listening: (\d+), (\d+)/);
    const first = (list ?? '').split(',').map(Number);
    expect(first).toHaveLength(2);
    expect(first.every(alive)).toBe(true);
    expect(cluster.output()).toContain('Demo token (shown once)');

    // a bounded stream of requests (4 at a time, at most 60 s) while the processes are replaced one by one
    const statuses: number[] = [];
    let restarted = false;
    const deadline = Date.now() + 60_000;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!restarted && Date.now() < deadline && statuses.length < 20_000) {
          const res = await fetch(`${cluster.origin}/v1/transactions/summaries?limit=5`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
          statuses.push(res?.status ?? 0);
          await res?.arrayBuffer();
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    process.kill(cluster.child.pid ?? 0, 'SIGHUP');
    await cluster.until(() => pidsIn(/restarted: API process (\d+) replaced by (\d+)/).length === 2, 'both processes replaced');
    restarted = true;
    await load;
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const replaced = pidsIn(/restarted: API process (\d+) replaced by (\d+)/).map((pair) => pair.split(',').map(Number));
    expect(replaced.map(([old]) => old).sort()).toEqual([...first].sort());
    for (const [old, fresh] of replaced) {
      expect(alive(old ?? 0)).toBe(false);
      expect(alive(fresh ?? 0)).toBe(true);
    }

    const exited = new Promise<number | null>((resolve) => cluster.child.once('exit', (code) => resolve(code)));
    cluster.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const [, fresh] of replaced) expect(alive(fresh ?? 0)).toBe(false);
  }, 120_000);
});
