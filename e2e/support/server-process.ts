import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

/** Limits raised so the e2e runs are never throttled (one spec proves the 429 on its own server). */
export const unthrottled = { RATE_LIMIT_PER_TOKEN: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_AUTH_FAILURES: '100000' };

export interface ServerProcess {
  stop(): Promise<void>;
}

/** Starts the real server (src/server/main.ts) with `env` and waits until `baseUrl`/health answers. */
export async function startServerProcess(name: string, baseUrl: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const busy = await fetch(`${baseUrl}/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`${baseUrl} (${name}) is already in use: set E2E_PORT to a free port`);
  let output = '';
  const server = spawn(tsx, ['src/server/main.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const stop = async () => {
    if (server.pid === undefined || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the ${name} server exited (${server.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return { stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the ${name} server did not answer /health in time:\n${output}`);
}
