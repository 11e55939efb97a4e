/**
 * `npm run bench -- --baseline REV --database-url URL [--limits 20,100] [--rounds 4] [--seconds 6] [--connections 16]`:
 * this tree and a baseline revision serve page 1 of a list side by side, in alternating rounds in the same minutes
 * (paired.ts), on one PostgreSQL database seeded to --summaries; the report says how loaded the machine was (load
 * average, the cores other processes used, the busiest of them). Writes bench/results/<stamp>-paired.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { builtEntry, sourceEntry } from './compare-server.ts';
import { ensureDataset, mintToken } from './dataset.ts';
import { LoadMonitor } from './machine-load.ts';
import { runPaired, type Checkout } from './paired.ts';
import { writePairedReport } from './paired-report.ts';

export const pairedUsage = `usage: npm run bench -- --baseline REV --database-url URL [options]
  --baseline REV       a git revision (a worktree of it is made under ${os.tmpdir()}, this checkout's node_modules linked)
                       or the folder of a checkout
  --database-url URL   the PostgreSQL database both serve (seeded to --summaries when smaller)
  --summaries N        dataset size (default 1000000)
  --limits 20,100      page sizes (default 20,100)
  --rounds N           alternating rounds (default 4, at most 10)
  --seconds S          seconds of load per run (default 6, at most 60)
  --connections N      autocannon connections (default 16)
  --path P             the list (default /v1/transactions/summaries)
  --from-source        run this tree from its sources (tsx) like a baseline without a build, not from dist/`;

const git = (args: string[], cwd = '.'): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * A checkout of `revision`: a folder given as it is, else a detached worktree under the temp folder (made once),
 * with this checkout's node_modules linked; built when the revision has the build (tools/build.mjs).
 */
function baselineCheckout(revision: string): Checkout {
  let root: string;
  if (existsSync(path.join(revision, 'package.json'))) root = path.resolve(revision);
  else {
    const sha = git(['rev-parse', '--verify', `${revision}^{commit}`]);
    root = path.join(os.tmpdir(), `acquirer-bench-${sha.slice(0, 12)}`);
    if (!existsSync(root)) git(['worktree', 'add', '--detach', root, sha]);
    const lock = (dir: string) => readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (!existsSync(path.join(root, 'node_modules'))) {
      if (lock(root) !== lock('.')) console.error(`bench: ${revision}'s package-lock.json differs from this tree's; its server runs on this tree's node_modules`);
      symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
    }
  }
  const built = existsSync(path.join(root, 'tools/build.mjs'));
  if (built) execFileSync(process.execPath, ['tools/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  const label = existsSync(path.join(root, '.git')) ? `${revision} (${git(['rev-parse', '--short', 'HEAD'], root)})` : revision;
  return { label, root, entry: built ? builtEntry : sourceEntry };
}

const number = (text: string, max: number): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`not a positive number: ${text}`);
  return Math.min(max, n);
};

export async function runPairedBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      baseline: { type: 'string' },
      'database-url': { type: 'string' },
      summaries: { type: 'string', default: '1000000' },
      limits: { type: 'string', default: '20,100' },
      rounds: { type: 'string', default: '4' },
      seconds: { type: 'string', default: '6' },
      connections: { type: 'string', default: '16' },
      path: { type: 'string', default: '/v1/transactions/summaries' },
      port: { type: 'string', default: '18956' },
      'from-source': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const databaseUrl = values['database-url'];
  if (values.help || !values.baseline || !databaseUrl) {
    console.log(pairedUsage);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const summaries = number(values.summaries, 100_000_000);
  const datasetOptions = { summaries, seed: 1, dataDir: path.resolve('bench/.data/unused'), databaseUrl };
  const dataset = await ensureDataset(datasetOptions as Parameters<typeof ensureDataset>[0]);
  const token = await mintToken(datasetOptions as Parameters<typeof mintToken>[0]);
  const current: Checkout = {
    label: `current tree (${git(['rev-parse', '--short', 'HEAD'])}${git(['status', '--porcelain', '--untracked-files=no']) ? ', modified' : ''})`,
    root: path.resolve('.'),
    entry: values['from-source'] ? sourceEntry : builtEntry,
  };
  const baseline = baselineCheckout(values.baseline);
  const settings = {
    limits: values.limits.split(',').map((n) => number(n, 100)),
    rounds: number(values.rounds, 10),
    seconds: number(values.seconds, 60),
    connections: number(values.connections, 256),
    path: values.path,
  };
  const startedAt = new Date().toISOString();
  const monitor = new LoadMonitor();
  const { runs, ownPids } = await runPaired([current, baseline], {
    databaseUrl,
    headers: { authorization: `Bearer ${token}` },
    port: number(values.port, 65535),
    ...settings,
  });
  // the bench, its servers and the bench database's backends are not "other" load
  const load = monitor.stop((pid) => pid === process.pid || ownPids.has(pid));
  writePairedReport({ startedAt, dataset: { summaries: dataset.summaries }, checkouts: [current, baseline], settings, runs, load });
}
