import type { Database } from '../client.ts';
import { openSession } from '../session.ts';
import { isPartitioned } from './catalog.ts';
import { analyzeChangedPartitions, applyRetention, defaultMonthsAhead, ensureMonths, monthsToKeepReady } from './maintain.ts';
import { monthOf, partitionedTables, type Month } from './months.ts';

export interface MaintenanceOptions {
  /** RETENTION_MONTHS: detach months older than the current one and this many before it; undefined keeps all */
  retentionMonths?: number | undefined;
  /** months created ahead of the current one */
  ahead?: number;
  /** drop the months retention detaches */
  drop?: boolean;
  /** also ANALYZE the partitioned tables themselves (samples every partition: seconds at 10 M rows) */
  analyzeParents?: boolean;
  now?: number;
}

export interface MaintenanceReport {
  created: Month[];
  detached: Month[];
  dropped: string[];
  analyzed: string[];
}

const lockClass = 0x50415254; // "PART": one maintenance at a time across every process

/**
 * One maintenance pass on a partitioned PostgreSQL database (null when the database is not partitioned, or another
 * process is running one): the months from the current one to `ahead` exist, retention is applied, and changed
 * partitions are analyzed. The API runs it hourly (partition-sweep.ts); `npm run partition -- maintain` on demand.
 */
export async function runMaintenance(database: Database, options: MaintenanceOptions = {}): Promise<MaintenanceReport | null> {
  if (database.kind !== 'postgres') return null;
  const now = options.now ?? Date.now();
  const session = await openSession(database, { long: true });
  try {
    if (!(await isPartitioned(session))) return null;
    const [lock] = await session.query<{ locked: boolean }>('select pg_try_advisory_lock($1, 0) as locked', [lockClass]);
    if (!lock?.locked) return null;
    try {
      const created = await ensureMonths(session, monthsToKeepReady(monthOf(now), now, options.ahead ?? defaultMonthsAhead));
      const retention = options.retentionMonths === undefined ? { detached: [], dropped: [] } : await applyRetention(session, options.retentionMonths, now, options.drop);
      const analyzed = await analyzeChangedPartitions(session);
      if (options.analyzeParents) {
        await session.exec(`ANALYZE ${partitionedTables.join(', ')}`);
        analyzed.push(...partitionedTables);
      }
      return { created, ...retention, analyzed };
    } finally {
      await session.query('select pg_advisory_unlock($1, 0)', [lockClass]);
    }
  } finally {
    await session.release();
  }
}
