import type { Database } from '../db/client.ts';

export interface DueBacklog {
  /** pending events whose next attempt is due now */
  due: number;
  /** seconds since the oldest of them became due (0 when none is): how far the workers are behind */
  oldestDueSeconds: number;
}

/**
 * The event workers' backlog, from the database itself (so it also shows workers that are stopped or in
 * another process): one range read of the partial index events_due_idx, measured on the database's clock.
 */
export async function readDueBacklog(database: Pick<Database, 'query'>): Promise<DueBacklog> {
  const [row] = await database.query<{ due: number; age: number | null }>(
    `select count(*)::int as due, extract(epoch from now() - min(next_attempt_at))::float8 as age
       from events where event_status = 'pending' and next_attempt_at is not null and next_attempt_at <= now()`,
  );
  return { due: row?.due ?? 0, oldestDueSeconds: Math.max(0, row?.age ?? 0) };
}
