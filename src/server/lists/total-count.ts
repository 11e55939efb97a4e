import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import type { RowScope } from './scope.ts';

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

/** Seconds a list's X-Total-Count is reused for the same organization, scope and filters (TOTAL_CACHE_SECONDS). */
export const defaultTotalCacheSeconds = 5;

/** Query parameters that choose rows (everything but order, paging and CSV shape): the key of a cached total. */
const notFilters = new Set(['page', 'limit', 'cursor', 'order_by', 'order_direction', 'columns', 'csv_dialect']);

/** A stable text of the filters of a list query (sorted names, undefined dropped). */
export function filterKey(query: object): string {
  const entries = Object.entries(query).filter(([name, value]) => value !== undefined && !notFilters.has(name));
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

interface CachedTotal {
  total: Promise<TotalCount>;
  until: number;
}

const maxTotals = 5_000;

/**
 * Totals reused for a few seconds per list, organization, scope and filters, so paging through a list (or
 * many clients reading page 1) does not recount on every request. Changes signalled in this process (events
 * stored or processed) forget the organization's totals at once; changes made by another process show within
 * the TTL. Concurrent requests for the same total share one count.
 */
export class TotalCache {
  private readonly entries = new Map<string, CachedTotal>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(list: string, scope: RowScope, query: object, count: () => Promise<TotalCount>): Promise<TotalCount> {
    if (this.ttlMs <= 0) return count();
    const key = `${scope.organizationId}\u0000${list}\u0000${scope.merchantIds?.join(',') ?? '*'}\u0000${filterKey(query)}`;
    const at = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.until > at) return cached.total;
    if (cached) this.entries.delete(key);
    const entry: CachedTotal = { total: count(), until: at + this.ttlMs };
    this.entries.set(key, entry);
    if (this.entries.size > maxTotals) this.entries.delete(this.entries.keys().next().value ?? '');
    entry.total.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.total;
  }

  /** Forgets every total (rows of every organization left, e.g. a month detached by retention). */
  clear(): void {
    this.entries.clear();
  }

  /** Forgets every total of an organization (its rows changed). */
  forget(organizationId: string): void {
    const prefix = `${organizationId}\u0000`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }
}
