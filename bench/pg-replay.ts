/**
 * Replays the statements one API request sent (captured on the wire by pg-wire-capture.ts) straight through
 * `pg` with a pool of 16: the database's own speed for that request, with no HTTP, auth, query building or
 * serialization. Named statements are replayed as named (prepared once per connection), unnamed as unnamed.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { WireStatement } from './pg-wire-capture.ts';
import { summarize, type LatencyStats } from './stats.ts';

export const replayPoolSize = 16;

export async function replayStatements(
  databaseUrl: string,
  statements: WireStatement[],
  options: { connections: number; seconds: number },
): Promise<LatencyStats> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: replayPoolSize });
  const queries = statements.map((s) => ({
    text: s.sql,
    values: s.params,
    ...(s.prepared ? { name: `replay_${createHash('sha1').update(s.sql).digest('hex').slice(0, 16)}` } : {}),
  }));
  const samples: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const client = async (): Promise<void> => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        for (const query of queries) await pool.query(query);
        samples.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.connections }, client));
  } finally {
    await pool.end();
  }
  return { ...summarize(samples, performance.now() - started), errors };
}
