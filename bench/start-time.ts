/**
 * `npm run bench -- --start [--runs 3] [--dir CHECKOUT] [--port N]`: how long `npm start` takes to listen on data
 * that is already there (the second start, the one every restart pays), and the server's memory then. One first
 * start prepares a fresh data folder (migrations, demo data, and the build when it is missing or stale); then
 * `--runs` second starts, each timed from the spawn to the first `GET /health/live` answer, polled every 20 ms.
 * With a built server (dist/server/main.js) the production process itself, `node dist/server/main.js`, is timed
 * the same way. Writes bench/results/<stamp>-start.{json,md}. `--dir` measures another checkout (its own
 * node_modules), e.g. the revision before a change.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { describeMachine } from './machine.ts';
import { readMemory } from './server-process.ts';
import { writeStartReport, type StartRun, type StartSeries } from './start-report.ts';
import { percentile } from './stats.ts';

/** The process and every descendant, parents first (Linux /proc). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the fields after the command name, which may itself hold spaces and parentheses
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return out;
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
};

/** Starts `command` in `cwd`, waits for /health/live, reads the memory of the server and of its whole process tree, stops it. */
async function timeStart(command: string[], cwd: string, env: NodeJS.ProcessEnv, origin: string, limitMs: number): Promise<StartRun> {
  const started = performance.now();
  const child = spawn(command[0] ?? 'npm', command.slice(1), { cwd, env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let exited = false;
  child.once('exit', () => (exited = true));
  const pid = child.pid ?? 0;
  try {
    for (;;) {
      if (exited) throw new Error(`${command.join(' ')} exited before listening:\n${stderr}`);
      if (performance.now() - started > limitMs) throw new Error(`${command.join(' ')} did not listen within ${limitMs / 1000} s`);
      const up = await fetch(`${origin}/health/live`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await sleep(20);
    }
    const seconds = (performance.now() - started) / 1000;
    const tree = processTree(pid);
    // the server is the deepest process running main.(ts|js): npm, its shell and a tsx launcher sit above it
    const server = [...tree].reverse().find((p) => /main\.[jt]s\b/.test(commandLine(p))) ?? pid;
    const rss = (p: number) => readMemory(p)?.rssMb ?? 0;
    const serverNode = execFileSync(readlinkSync(`/proc/${server}/exe`), ['--version'], { encoding: 'utf8' }).trim();
    const serverRssMb = rss(server);
    const treeRssMb = tree.reduce((sum, p) => sum + rss(p), 0);
    await sleep(5000);
    return { seconds, serverRssMb, settledRssMb: rss(server), treeRssMb, processes: tree.length, server: commandLine(server), serverNode };
  } finally {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([gone, sleep(30_000)]);
    if (!exited) process.kill(-pid, 'SIGKILL');
    // the port is free once nothing answers on it
    while (await fetch(`${origin}/health/live`).then(() => true, () => false)) await sleep(50);
  }
}

export async function runStartBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { start: { type: 'boolean' }, runs: { type: 'string', default: '3' }, dir: { type: 'string', default: '.' }, port: { type: 'string', default: '18090' }, revision: { type: 'string' }, out: { type: 'string', default: 'bench/results' } } });
  const dir = path.resolve(values.dir);
  const runs = Number(values.runs);
  const origin = `http://127.0.0.1:${values.port}`;
  const machine = describeMachine();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'acq-start-bench-'));
  // as from a fresh shell: no parent npm's variables, and no node_modules/.bin on PATH (npm start puts the measured
  // checkout's own first, so it runs on the Node that checkout installs, or the system's when it installs none)
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));
  env.PATH = (env.PATH ?? '').split(path.delimiter).filter((entry) => !entry.endsWith(path.join('node_modules', '.bin'))).join(path.delimiter);
  Object.assign(env, { PORT: values.port, HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'data'), LOG_LEVEL: 'warn', DATABASE_URL: '', WORKERS: '1' });
  const revision = values.revision ?? await new Promise<string>((resolve) => {
    const git = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir });
    let out = '';
    git.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    git.on('close', () => resolve(out.trim() || 'unknown'));
  });
  try {
    console.error(`bench: first npm start in ${dir} (${revision}) on a fresh data folder...`);
    const first = await timeStart(['npm', 'start'], dir, env, origin, 900_000);
    console.error(`bench: first start listened in ${first.seconds.toFixed(2)} s`);
    const series: StartSeries[] = [];
    // the production process itself, on the Node the checkout installs (else the system's)
    const node = existsSync(path.join(dir, 'node_modules/.bin/node')) ? 'node_modules/.bin/node' : 'node';
    const commands = [['npm', 'start'], ...(existsSync(path.join(dir, 'dist/server/main.js')) ? [[node, 'dist/server/main.js']] : [])];
    for (const command of commands) {
      const samples: StartRun[] = [];
      for (let i = 0; i < runs; i++) {
        samples.push(await timeStart(command, dir, env, origin, 300_000));
        console.error(`bench: ${command.join(' ')} listened in ${samples.at(-1)?.seconds.toFixed(2)} s, server RSS ${samples.at(-1)?.serverRssMb.toFixed(0)} MB`);
      }
      const sorted = samples.map((s) => s.seconds).sort((a, b) => a - b);
      series.push({ command: command.join(' '), runs: samples, medianSeconds: percentile(sorted, 50) });
    }
    const files = writeStartReport(path.resolve(values.out), { startedAt: new Date().toISOString(), machine, revision, dir, first, series });
    console.log(`bench: wrote ${files.join(', ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
