import { profileFlags } from './profile-flags.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtEntry } from './processes.ts';

export interface MemorySample {
  /** resident set size now, MB */
  rssMb: number;
  /** peak resident set size since the process started (VmHWM), MB */
  hwmMb: number;
}

/** VmRSS and VmHWM of a process from /proc (Linux); null elsewhere or once it has exited. */
export function readMemory(pid: number): MemorySample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

export interface BenchServer {
  origin: string;
  pid: number;
  /** the largest VmRSS sampled and the last VmHWM read, MB */
  memory(): { startMb: number; peakRssMb: number; hwmMb: number };
  stop(): Promise<void>;
}

/** The server's rate limits (RATE_LIMIT_*, docs/configuration.md) set out of the benchmark's way. */
export const unthrottledEnv = { RATE_LIMIT_PER_TOKEN: '0', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_NOTIFICATIONS: '0' };

/**
 * Starts the real server as production runs it (`node dist/server/main.js`) in its own Node process, so the PID
 * sampled is the server's own (PGlite runs inside it), waits for /health and samples its memory every 200 ms.
 */
export async function startServer(port: number, env: NodeJS.ProcessEnv): Promise<BenchServer> {
  const child: ChildProcess = spawn(process.execPath, [...profileFlags(), builtEntry('main')], {
    // rate limits raised: the load comes from one address and one token, far above what a user sends
    // one API process (the sampled PID) unless the bench's own environment sets WORKERS
    env: { WORKERS: '1', ...process.env, ...unthrottledEnv, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server did not start');
  let exited = false;
  child.once('exit', () => (exited = true));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error('the server exited while starting (is the port free? see its output above)');
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the server did not answer /health within 180 s');
    }
    await sleep(250);
  }
  const startMb = readMemory(pid)?.rssMb ?? Number.NaN;
  let peakRssMb = startMb;
  let hwmMb = Number.NaN;
  const sample = () => {
    const m = readMemory(pid);
    if (!m) return;
    peakRssMb = Math.max(peakRssMb, m.rssMb);
    hwmMb = m.hwmMb;
  };
  const timer = setInterval(sample, 200);
  return {
    origin,
    pid,
    memory: () => {
      sample();
      return { startMb, peakRssMb, hwmMb };
    },
    stop: async () => {
      sample();
      clearInterval(timer);
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timeout = sleep(30_000).then(() => {
        if (!exited) child.kill('SIGKILL');
      });
      await Promise.race([gone, timeout]);
      await gone;
    },
  };
}
