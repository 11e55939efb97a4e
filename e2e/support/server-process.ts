import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(import.meta.dirname, '../..');

/** A free port on 127.0.0.1 for a spec's own server (an OpenID provider must know its callback before it starts). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** An entry of the built server (dist/server/<name>.js, `npm run build`): e2e runs what production runs, on plain node. */
const builtEntry = (name: string) => path.join(root, 'dist/server', `${name}.js`);

/** Runs a built CLI (token-cli, seed-cli, ...) with this Node and returns its standard output. */
export async function runBuiltCli(name: string, args: string[], env: NodeJS.ProcessEnv, timeout = 180_000): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [builtEntry(name), ...args], { cwd: root, env, timeout });
  return stdout;
}

/** Limits raised so the e2e runs are never throttled (one spec proves the 429 on its own server). */
export const unthrottled = { RATE_LIMIT_PER_TOKEN: '1000000', RATE_LIMIT_PER_ADDRESS: '1000000', RATE_LIMIT_AUTH_FAILURES: '100000' };

export interface ServerProcess {
  stop(): Promise<void>;
}

/** Starts the real server as production does (`node dist/server/main.js`) with `env` and waits until `baseUrl`/health answers. */
export async function startServerProcess(name: string, baseUrl: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const busy = await fetch(`${baseUrl}/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`${baseUrl} (${name}) is already in use: set E2E_PORT to a free port`);
  let output = '';
  const server = spawn(process.execPath, [builtEntry('main')], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
