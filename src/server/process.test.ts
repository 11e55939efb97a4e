import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileName } from './db/data-dir-lock.ts';
import { rawRequest } from './test/raw-http.ts';
import { freePort } from './test/free-port.ts';

/** The real server and CLIs as processes on one embedded DATA_DIR: the lock, the token printed once, SIGTERM. */
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');


interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(script: string, args: string[], env: NodeJS.ProcessEnv): Started {
  // node itself with tsx's loader (not the tsx CLI, whose own child would outlive a SIGKILL and keep serving)
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(started: Started, text: string, limitMs = 90_000): Promise<void> {
  for (const began = Date.now(); Date.now() - began < limitMs; await new Promise((r) => setTimeout(r, 100))) {
    if (started.output().includes(text)) return;
    if (started.child.exitCode !== null) throw new Error(`exited before "${text}":\n${started.output()}`);
  }
  throw new Error(`no "${text}" within ${limitMs} ms:\n${started.output()}`);
}

describe('one process on the embedded database; token printed once; graceful SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'acq-process-'));
  let port: number;
  let env: NodeJS.ProcessEnv;
  let server: Started;
  beforeAll(async () => {
    port = await freePort();
    env = { DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), SEED_SUMMARIES: '20', WEB_ROOT: path.join(dataDir, 'no-web'), LOG_LEVEL: 'info', DEMO_ACCESS_TOKEN: '' };
    server = start('src/server/main.ts', [], env);
    await until(server, 'API:');
  }, 120_000);
  afterAll(() => {
    server?.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the demo token on the start that creates it', () => {
    expect(server.output()).toMatch(/Demo token: acq_test_\S+/);
  });

  it('the token CLI, the seed CLI and a second server refuse the DATA_DIR the server holds, saying what to do', async () => {
    const lock = JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(server.child.pid);
    for (const [script, args] of [['src/server/token-cli.ts', ['list']], ['src/server/seed-cli.ts', ['--summaries', '5']]] as const) {
      const run = spawnSync(tsx, [script, ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toContain(`in use by another process (pid ${lock.pid}`);
      expect(run.stderr).toMatch(/stop that process first/);
    }
    const second = start('src/server/main.ts', [], { ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by another process (pid ${lock.pid}`);
  }, 150_000);

  it('logs carry the request id and never the authorization header or cookies', async () => {
    const token = /Demo token: (\S+)/.exec(server.output())?.[1] ?? '';
    const res = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: `Bearer ${token}`, cookie: 'session=s3cr3t', 'x-request-id': 'trace-me-42' } });
    expect(res.headers.get('x-request-id')).toBe('trace-me-42');
    await new Promise((r) => setTimeout(r, 300));
    const lines = server.output().split('\n').filter((l) => l.includes('"trace-me-42"'));
    expect(lines.length).toBeGreaterThanOrEqual(2); // incoming request and request completed
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ requestId: 'trace-me-42' });
    const logs = server.output().replace(/Demo token: \S+|Try: .*/g, '');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain('s3cr3t');
  });

  it('SIGTERM lets an in-flight request finish, exits 0 and releases the lock; the next start does not print the token', async () => {
    const token = /Demo token: (\S+)/.exec(server.output())?.[1] ?? '';
    const body = JSON.stringify({ merchantId: 'x', providerId: 'd4ps1c0000000000cie0', providerName: 'cielo', authenticationData: {} });
    const head = `POST /v1/credentials HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const inFlight = rawRequest(port, [head, body.slice(0, 10), body.slice(10)], { gapMs: 1500, limitMs: 20_000 });
    await new Promise((r) => setTimeout(r, 700));
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(400); // answered (the body names an unknown merchant), not cut
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);

    // a stale lock (its process is gone) is taken over
    const gone = spawnSync(process.execPath, ['-e', 'process.pid'], { encoding: 'utf8' });
    writeFileSync(path.join(dataDir, lockFileName), JSON.stringify({ pid: gone.pid, command: 'main.ts', since: new Date().toISOString() }));
    server = start('src/server/main.ts', [], env);
    await until(server, 'API:');
    expect(server.output()).not.toMatch(/acq_test_/);
    expect(server.output()).toContain('printed on the first start only');
  }, 150_000);
});
