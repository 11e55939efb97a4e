import autocannon from 'autocannon';
import { summarize, type LatencyStats } from './stats.ts';

export interface HttpLoad {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /** answers at least this many requests even when one takes longer than `seconds` */
  minRequests: number;
}

function once(load: HttpLoad, bound: { duration: number } | { amount: number }): Promise<LatencyStats> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    let errors = 0;
    const started = performance.now();
    const instance = autocannon(
      { url: load.url, headers: load.headers, connections: load.connections, pipelining: 1, timeout: 120, ...bound },
      (error: unknown) => {
        if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        else resolve(summarize(samples, performance.now() - started, errors));
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      else errors += 1;
    });
    instance.on('reqError', () => (errors += 1));
  });
}

/**
 * A bounded autocannon run: `seconds` of load with `connections` connections; when that yields fewer than
 * `minRequests` answers (requests slower than the window), it runs exactly that many requests instead.
 */
export async function loadHttp(load: HttpLoad): Promise<LatencyStats> {
  const timed = await once(load, { duration: load.seconds });
  if (timed.count >= load.minRequests) return timed;
  return once(load, { amount: Math.max(load.minRequests, load.connections) });
}

/** One request: its status, X-Total-Count and body (for picking filter values and warming up). */
export async function probe(url: string, headers: Record<string, string>): Promise<{ status: number; total: number | null; body: unknown }> {
  const response = await fetch(url, { headers });
  const total = response.headers.get('x-total-count');
  return { status: response.status, total: total === null ? null : Number(total), body: await response.json() };
}
