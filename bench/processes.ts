import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

/** An entry of the built server, dist/server/<name>.js: the bench measures what production runs. */
export const builtEntry = (name: string): string => path.resolve('dist/server', `${name}.js`);

/** Builds the server and dashboard when the build is missing or older than the sources, as `npm start` does. */
export function ensureBuilt(): void {
  execFileSync(process.execPath, ['tools/build.mjs', '--if-stale'], { stdio: 'inherit' });
}

/** Runs a built CLI (token-cli, seed-cli...) in a child Node process; stderr goes to ours. */
export function runBuilt(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const entry = builtEntry(name);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${entry} ${args.join(' ')} failed (${signal ?? `exit ${code}`})\n${stdout}`));
    });
  });
}

/** Environment that points the server's entry points at the bench database. */
export function databaseEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  return databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } : { DATA_DIR: dataDir, DATABASE_URL: '' };
}
