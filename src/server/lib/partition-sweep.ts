import { runMaintenance } from '../db/partitions/run-maintenance.ts';
import { monthLabel } from '../db/partitions/months.ts';
import type { ApiInstance } from './api-instance.ts';

/** How often the API checks a partitioned database's months (also once at start). */
export const partitionSweepIntervalMs = 60 * 60 * 1000;

/**
 * On a partitioned PostgreSQL database (npm run partition): when the server starts listening and hourly after,
 * the months ahead are created, RETENTION_MONTHS is applied and changed partitions analyzed; one process at a
 * time (an advisory lock), never fatal. Nothing happens on an unpartitioned database or PGlite.
 */
export function registerPartitionSweep(app: ApiInstance, retentionMonths: number | undefined): void {
  if (app.database.kind !== 'postgres') return;
  let timer: NodeJS.Timeout | undefined;
  const sweep = () =>
    runMaintenance(app.database, { retentionMonths }).then(
      (report) => {
        if (report && report.detached.length > 0) app.totals.clear();
        if (report && (report.created.length > 0 || report.detached.length > 0)) {
          app.log.info({ created: report.created.map(monthLabel), detached: report.detached.map(monthLabel) }, 'monthly partitions maintained');
        }
      },
      (error: unknown) => app.log.warn({ err: error }, 'partition maintenance failed; will retry'),
    );
  app.addHook('onListen', () => {
    void sweep();
    timer = setInterval(() => void sweep(), partitionSweepIntervalMs).unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}
