import { spawn } from 'node:child_process';

/** Runs a TypeScript entry of this repository with tsx in a child Node process; stderr goes to ours. */
export function runTs(entry: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
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
