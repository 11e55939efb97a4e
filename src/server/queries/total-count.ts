import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** X-Total-Count: exact up to the cap, a planner estimate above it (see the OpenAPI header descriptions). */
export interface TotalCount {
  value: number;
  exact: boolean;
}

/**
 * Lists count exactly up to this many matches; above it the total is the planner's estimate. Counting costs
 * about 1.2 ms per 1 000 matches on PGlite (index-only), so 10 000 would take most of page 1's 20 ms budget.
 */
export const defaultCountCap = 2_000;

interface PlanNode {
  'Plan Rows'?: number;
}

/** The planner's row estimate of a statement, from EXPLAIN (FORMAT JSON): no rows are read. */
async function plannedRows(db: Db, statement: SQL): Promise<number> {
  const result: unknown = await db.execute(sql`explain (format json) ${statement}`);
  const { rows } = result as { rows: Record<string, unknown>[] };
  const cell = Object.values(rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan?: PlanNode }[] | undefined;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

/**
 * Counts the rows of `table` matching `where`, reading at most cap + 1 of them (an index-only scan on the
 * filter's index when the visibility map is set). Over the cap, the total is the planner's estimate, never
 * below cap + 1, and `exact` is false: a full count of a million rows costs far more than the page itself.
 */
export async function cappedCount(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<TotalCount> {
  const capped = db.select({ one: sql`1` }).from(table).where(where).limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(capped);
  const n = Number(row?.n ?? 0);
  if (n <= cap) return { value: n, exact: true };
  const estimate = await plannedRows(db, sql`${db.select({ one: sql`1` }).from(table).where(where)}`);
  return { value: Math.max(estimate, cap + 1), exact: false };
}
