/** Starts one revision's server (a git worktree's sources through tsx, or its build) for a side-by-side benchmark, one process. */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { unthrottledEnv } from './server-process.ts';

/** node arguments that run a checkout's server from its sources (every revision has them; the build came later) */
export const sourceEntry = ['--import', 'tsx', 'src/server/main.ts'];
/** node arguments that run a checkout's built server, as production does */
export const builtEntry = ['dist/server/main.js'];

export interface CompareServer {
  stop(): Promise<void>;
}

export async function startCompareServer(
  root: string,
  options: { databaseUrl: string; port: number; nodeFlags?: string[]; workers?: number; entry?: string[]; node?: string },
): Promise<CompareServer> {
  const child = spawn(options.node ?? process.execPath, [...(options.nodeFlags ?? []), ...(options.entry ?? sourceEntry)], {
    cwd: root,
    env: {
      ...process.env,
      WORKERS: String(options.workers ?? 1),
      ...unthrottledEnv,
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKER: 'off',
      RESPONSE_VALIDATION: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) throw new Error(`the server in ${root} exited while starting`);
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('no /health within 120 s');
    await sleep(250);
  }
  return {
    stop: async () => {
      if (exited) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(20_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}
