import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createPostgresDatabase } from './harness.ts';
import { freePort } from './free-port.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ClusterProcess {
  child: ChildProcess;
  /** the API's origin, http://127.0.0.1:<port> */
  origin: string;
  /** everything the primary and its API processes printed so far */
  output(): string;
  /** waits until `test` holds; fails with the output if the process exits first or `limitMs` passes */
  until(test: () => boolean, what: string, limitMs?: number): Promise<void>;
  /** SIGKILL, then drops its database */
  kill(): Promise<void>;
}

/**
 * The real server (src/server/main.ts) with WORKERS=2 on a fresh PostgreSQL database of its own, 30 demo
 * summaries readable with `token`, rate limit per token off; resolves once both API processes listen.
 */
export async function startCluster(token: string, env: Record<string, string> = {}): Promise<ClusterProcess> {
  const database = await createPostgresDatabase();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database.url.toString(),
      WORKERS: '2',
      PORT: String(port),
      SEED_SUMMARIES: '30',
      DEMO_ACCESS_TOKEN: token,
      WEB_ROOT: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TOKEN: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const until = async (test: () => boolean, what: string, limitMs = 90_000) => {
    for (const began = Date.now(); Date.now() - began < limitMs; await new Promise((r) => setTimeout(r, 100))) {
      if (test()) return;
      if (child.exitCode !== null) throw new Error(`exited before ${what}:\n${output}`);
    }
    throw new Error(`no ${what} within ${limitMs} ms:\n${output}`);
  };
  const cluster: ClusterProcess = {
    child,
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    until,
    kill: async () => {
      child.kill('SIGKILL');
      await database.drop();
    },
  };
  try {
    await until(() => /2 API processes listening/.test(output), 'two listening processes');
  } catch (error) {
    await cluster.kill();
    throw error;
  }
  return cluster;
}
