// @ts-check
/**
 * `npm run build`: the server bundled by Vite's SSR build (vite.server.config.ts: dist/server, the migrations copied
 * beside it) and the dashboard (vite.config.ts: dist/web), then dist/build-info.json. No type check here: that is
 * `npm run typecheck` (and `npm test`).
 *
 * `node tools/build.mjs --if-stale` (npm start and every CLI script run it first): builds only when there is no build
 * or a file the build reads is newer than it, and is silent otherwise. Plain JavaScript on purpose: a production
 * install (`npm ci --omit=dev`) runs it too, without TypeScript; there it starts the build that is present (with a
 * warning when the sources are newer) and fails with a clear message when there is none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const infoFile = path.join(root, 'dist', 'build-info.json');

/** What the build reads (relative to the repository): a file here newer than the last build makes it stale. */
export const buildInputs = ['src', 'public', 'tools', 'index.html', 'vite.config.ts', 'vite.server.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** Tests are not built: editing one never triggers a build. */
const isTest = (/** @type {string} */ file) => /\.test\.tsx?$/.test(file) || file.split(path.sep).join('/').includes('src/server/test/');

/** @returns {{ file: string, mtimeMs: number } | null} the newest input file */
function newestInput() {
  /** @type {{ file: string, mtimeMs: number } | null} */
  let newest = null;
  const visit = (/** @type {string} */ file) => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return; // not in this tree (a production tree may ship without the sources)
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else if (!isTest(file) && (newest === null || stat.mtimeMs > newest.mtimeMs)) {
      newest = { file, mtimeMs: stat.mtimeMs };
    }
  };
  for (const input of buildInputs) visit(path.join(root, input));
  return newest;
}

/** Why a build is needed, or null when the one in dist/ is current. */
export function staleReason() {
  if (!existsSync(infoFile) || !existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/web/index.html'))) return 'there is no complete build in dist/';
  // build-info.json carries the time the build started as its modification time
  const builtFrom = statSync(infoFile).mtimeMs;
  const newest = newestInput();
  if (newest && newest.mtimeMs > builtFrom) return `${path.relative(root, newest.file)} is newer than the build`;
  return null;
}

/** A dev dependency's bin, run by this same Node; null when the dev dependencies are not installed. */
function devBin(/** @type {string} */ name) {
  const link = path.join(root, 'node_modules', '.bin', name);
  return existsSync(link) ? realpathSync(link) : null;
}

/** @param {string} bin @param {string[]} args @param {boolean} quiet its output to stderr (a CLI's stdout stays its own) */
function run(bin, args, quiet) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, stdio: ['ignore', quiet ? 2 : 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** @param {{ quiet: boolean }} options */
export function build({ quiet }) {
  const vite = devBin('vite');
  if (!vite) {
    console.error('The build needs the dev dependencies (Vite): run npm ci without --omit=dev.');
    process.exit(1);
  }
  const startedAtMs = Date.now();
  const logLevel = quiet ? ['--logLevel', 'warn'] : [];
  run(vite, ['build', '--config', 'vite.server.config.ts', ...logLevel], quiet);
  run(vite, ['build', ...logLevel], quiet);
  writeFileSync(infoFile, `${JSON.stringify({ startedAt: new Date(startedAtMs).toISOString(), node: process.version }, null, 2)}\n`);
  // dated when the build started: a source saved while it ran is newer, and the next start builds again
  utimesSync(infoFile, startedAtMs / 1000, startedAtMs / 1000);
}

if (import.meta.filename === realpathSync(process.argv[1] ?? '')) {
  if (!process.argv.includes('--if-stale')) {
    build({ quiet: false });
  } else {
    const reason = staleReason();
    if (reason && !devBin('vite')) {
      if (!existsSync(path.join(root, 'dist/server/main.js'))) {
        console.error(`Nothing to run: ${reason}, and the build tools (dev dependencies) are not installed. Build where they are (npm ci && npm run build) and deploy dist/ with the tree, or run npm ci without --omit=dev here.`);
        process.exit(1);
      }
      console.error(`Note: ${reason}, but the build tools (dev dependencies) are not installed here: running the build in dist/ as it is.`);
    } else if (reason) {
      console.error(`Building (${reason})...`);
      const started = performance.now();
      build({ quiet: true });
      console.error(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  }
}
