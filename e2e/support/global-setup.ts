import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { demoToken, e2eBaseUrl, e2ePort, envNames, seedSummaries } from './env.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function tsxOutput(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(tsx, args, { cwd: root, env, timeout: 180_000 });
  return stdout.trim();
}

/** The token CLI prints a header line, then the token on the last line. */
async function mintToken(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const out = await tsxOutput(['src/server/token-cli.ts', 'create', ...args], env);
  const token = out.split('\n').at(-1)?.trim();
  if (!token) throw new Error(`token CLI printed no token:\n${out}`);
  return token;
}

async function waitForHealth(server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${e2eBaseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /health in time:\n${log()}`);
}

/**
 * Starts the real server on a fresh database: seed through the token CLI (which also mints the limited
 * tokens, before the server holds the single-process PGlite), then the real server (src/server/main.ts) with
 * WEB_ROOT set to a frozen copy of dist/web taken now, so a concurrent `vite build` in the same checkout
 * cannot pull the dashboard away mid-run. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const busy = await fetch(`${e2eBaseUrl}/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${e2ePort} is already in use: set E2E_PORT to a free port`);
  const builtIndex = path.join(root, 'dist/web/index.html');
  if (!existsSync(builtIndex)) throw new Error('dist/web is missing: run `npm run e2e`, which builds the dashboard first');
  const workDir = mkdtempSync(path.join(tmpdir(), 'acq-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const webRoot = path.join(workDir, 'web');
  cpSync(path.join(root, 'dist/web'), webRoot, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(e2ePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_ACCESS_TOKEN: demoToken,
    SEED: '1',
    SEED_SUMMARIES: String(seedSummaries),
    LOG_LEVEL: 'warn',
    WEB_ROOT: webRoot,
  };
  delete env.DATABASE_URL;

  process.env[envNames.readerToken] = await mintToken(env, ['--name', 'e2e-reader', '--scopes', 'transactions:read,events:read', '--mode', 'live']);
  const merchant = await tsxOutput(['e2e/support/first-merchant.ts'], env);
  process.env[envNames.merchantId] = merchant;
  process.env[envNames.merchantToken] = await mintToken(env, [
    '--name',
    'e2e-merchant',
    '--scopes',
    'providers:read,credentials:write,transactions:read,events:read',
    '--mode',
    'live',
    '--merchant',
    merchant,
  ]);

  let output = '';
  const server = spawn(tsx, ['src/server/main.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);

  const stop = async () => {
    if (server.pid !== undefined && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
