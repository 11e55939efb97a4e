import { createHash } from 'node:crypto';
import { sql, type Placeholder } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * How a query builder puts a value in a statement: inline (a parameter of a one-off statement) or as a named
 * placeholder of a statement prepared once per shape. A shape is the ordered list of names bound, so one
 * builder serves both and a prepared statement's text never depends on a value.
 */
export interface Bind {
  (name: string, value: unknown): unknown;
}

/** Values go straight into the statement (a one-off query: exports, counts, stats). */
export const inline: Bind = (_name, value) => value;

/** Collects named values and answers placeholders; `shape` names the statement they fit. */
export class Binder {
  readonly values: Record<string, unknown> = {};
  private readonly names: string[] = [];

  readonly bind: Bind = (name, value): Placeholder => {
    if (name in this.values) throw new Error(`parameter ${name} bound twice`);
    this.values[name] = value;
    this.names.push(name);
    return sql.placeholder(name);
  };

  get shape(): string {
    return this.names.join(',');
  }
}

/**
 * LIMIT and OFFSET of a page statement prepared once per shape. With `LIMIT $n` PostgreSQL's generic plan assumes
 * a tenth of the table is read, so it planned every execution afresh (a custom plan): for page 1 at 1 M summaries
 * the planning cost as much as the page itself (bench/results/2026-11-24-08-01-cpu-ab.md). So where one plan
 * fits every value (`planOnce`: page 1 and cursor pages, whose parameters are filters and the seek
 * position) the limit is written into the text and OFFSET 0 is left out; PostgreSQL then keeps the generic plan
 * after five executions. A deep `page=` (OFFSET) and a `LIKE` prefix filter keep both as parameters and a plan
 * per execution, as before: one generic plan would have to serve every offset and every prefix, whose index
 * range only a plan made for the value can use. (Page 500 measured the same either way on this data set.)
 */
export function pageWindow(limit: number, offset: number, planOnce: boolean): { shape: string; limit: Placeholder; offset: Placeholder | 0; values: Record<string, number> } {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`a page limit must be a whole number, got ${limit}`);
  if (offset !== 0 || !planOnce) return { shape: 'limit $ offset $', limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), values: { limit, offset } };
  // Drizzle writes an object limit as SQL (a Placeholder or, here, the number as text); its type only names
  // Placeholder. It leaves out an OFFSET of 0.
  return { shape: `limit ${limit}`, limit: sql.raw(String(limit)) as unknown as Placeholder, offset: 0, values: {} };
}

export interface Prepared<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * The driver's rows as they come (an object per row keyed by column name, timestamps as text), not mapped by
 * Drizzle: for the hot list pages, which map each row once, straight into the API's shape. Drizzle's prepared
 * queries of both drivers have `all()` for this, left out of their type declarations; a test of each list
 * fails if an upgrade takes it away.
 */
export async function driverRows<R>(prepared: Prepared<unknown>, values: Record<string, unknown>): Promise<R[]> {
  const all = (prepared as { all?: (values: Record<string, unknown>) => Promise<R[]> }).all;
  if (typeof all !== 'function') throw new Error('this Drizzle version has no all() on prepared queries');
  return all.call(prepared, values);
}

/** Prepared statements kept per database handle, at most this many shapes (a bound on named statements per connection). */
const maxShapes = 512;
const statements = new WeakMap<Db, Map<string, Prepared<unknown>>>();

/**
 * The statement of a query shape, built and prepared on first use: Drizzle turns the query into SQL text
 * once, and node-postgres sends it as a named statement that each pooled connection parses once (PGlite
 * runs the kept text). Past maxShapes a rare shape is built per request instead.
 */
export function preparedOnce<T>(db: Db, key: string, build: (name: string) => Prepared<T>): Prepared<T> {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map<string, Prepared<unknown>>()));
  const found = byKey.get(key);
  if (found) return found as Prepared<T>;
  const name = `acq_${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  const prepared = build(name);
  if (byKey.size < maxShapes) byKey.set(key, prepared);
  return prepared;
}
