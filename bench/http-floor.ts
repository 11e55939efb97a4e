/**
 * Records one API response and serves it from bench/http-floor-server.ts (see there): the HTTP floor of a list page;
 * and the bare API (bench/bare-api-server.ts) beside it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WireStatement } from './pg-wire-capture.ts';

export interface Recorded {
  headers: Record<string, string>;
  body: string;
}

/** One response's headers and body (base64), as the API sent it. */
export async function recordResponse(url: string, headers: Record<string, string>): Promise<Recorded> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer()).toString('base64');
  return { headers: Object.fromEntries(response.headers), body };
}

/** Serves `recorded` on `port` in a child process until the returned stop(). */
export function startFloorServer(recorded: Recorded, port: number): Promise<{ stop(): Promise<void> }> {
  return startChild('bench/http-floor-server.ts', recorded, port);
}

/**
 * Serves the bare API (bench/bare-api-server.ts) on `port` in a child process until the returned stop(): one
 * request's statements through pg, JSON.stringify of the rows, the recorded answer's headers.
 */
export function startBareApiServer(
  spec: { databaseUrl: string; statements: WireStatement[]; headers: Record<string, string> },
  port: number,
  framework: 'node:http' | 'fastify' = 'node:http',
): Promise<{ stop(): Promise<void> }> {
  return startChild('bench/bare-api-server.ts', spec, port, framework === 'fastify' ? ['fastify'] : []);
}

async function startChild(script: string, spec: unknown, port: number, args: string[] = []): Promise<{ stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'http-floor-'));
  const file = path.join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, ['--import', 'tsx', script, file, String(port), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  await Promise.race([once(child.stdout, 'data'), sleep(30_000).then(() => Promise.reject(new Error(`${script} did not start`)))]);
  return {
    stop: async () => {
      const gone = once(child, 'exit');
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(5000).then(() => child.kill('SIGKILL'))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
