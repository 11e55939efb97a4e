import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processCount } from './cluster.ts';
import { createPostgresDatabase, postgresAvailable } from './test/harness.ts';
import { freePort } from './test/free-port.ts';

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

const root = path.resolve(import.meta.dirname, '../..');
const token = 'acq_test_cluster_token_0000000000000001';


const alive = (pid: number) => existsSync(`/proc/${pid}`);

describe.skipIf(!postgresAvailable)('WORKERS=2 on PostgreSQL: two processes on one port, restarted one at a time', () => {
  let child: ChildProcess;
  let output = '';
  let origin = '';
  let drop: () => Promise<void>;
  const until = async (test: () => boolean, what: string, limitMs = 90_000) => {
    for (const began = Date.now(); Date.now() - began < limitMs; await new Promise((r) => setTimeout(r, 100))) {
      if (test()) return;
      if (child.exitCode !== null) throw new Error(`exited before ${what}:\n${output}`);
    }
    throw new Error(`no ${what} within ${limitMs} ms:\n${output}`);
  };
  const pidsIn = (pattern: RegExp) => [...output.matchAll(new RegExp(pattern.source, 'g'))].map((m) => m.slice(1).join(','));

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = () => database.drop();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url.toString(), WORKERS: '2', PORT: String(port), SEED_SUMMARIES: '30', DEMO_ACCESS_TOKEN: token, WEB_ROOT: '/nonexistent', LOG_LEVEL: 'warn', RATE_LIMIT_PER_TOKEN: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    await until(() => /2 API processes listening/.test(output), 'two listening processes');
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await drop?.();
  });

  it('answers from both, keeps answering through a SIGHUP restart, and drains on SIGTERM', async () => {
    const [list] = pidsIn(/2 API processes listening: (\d+), (\d+)/);
    const first = (list ?? '').split(',').map(Number);
    expect(first).toHaveLength(2);
    expect(first.every(alive)).toBe(true);
    expect(output).toContain('Demo token (shown once)');

    // a bounded stream of requests (4 at a time, at most 60 s) while the processes are replaced one by one
    const statuses: number[] = [];
    let restarted = false;
    const deadline = Date.now() + 60_000;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!restarted && Date.now() < deadline && statuses.length < 20_000) {
          const res = await fetch(`${origin}/v1/transactions/summaries?limit=5`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null);
          statuses.push(res?.status ?? 0);
          await res?.arrayBuffer();
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    process.kill(child.pid ?? 0, 'SIGHUP');
    await until(() => pidsIn(/restarted: API process (\d+) replaced by (\d+)/).length === 2, 'both processes replaced');
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

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const [, fresh] of replaced) expect(alive(fresh ?? 0)).toBe(false);
  }, 120_000);
});
