import { StatsQuery } from '../src/contract/stats.ts';
import type { Db } from '../src/server/db/client.ts';
import type { RowScope } from '../src/server/lists/scope.ts';
import { previousPeriod, statsData } from '../src/server/stats/stats-query.ts';

/** What GET /v1/transactions/stats runs, straight on the database: the period, and the previous one when asked. */
export async function directStats(db: Db, scope: RowScope, params: Record<string, string>): Promise<void> {
  const { bucket, tz, compare, ...filters } = StatsQuery.parse(params);
  const previous = compare === 'previous_period' ? previousPeriod(filters.created_at, Date.now()) : null;
  await Promise.all([
    statsData(db, scope, filters, bucket, tz),
    previous ? statsData(db, scope, { ...filters, created_at: `${previous.from}..${previous.to}` }, bucket, tz, true) : null,
  ]);
}
