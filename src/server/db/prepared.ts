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
 * LIMIT and OFFSET of a page statement prepared once per shape. The limit is written into the statement's text
 * (it is part of the shape) and an OFFSET of 0 is left out. With `LIMIT $n` PostgreSQL's generic plan assumes a
 * tenth of the table is read, so it planned every execution afresh (a custom plan): at 1 M summaries the
 * planning cost as much as the page itself (bench/results/2026-11-24-08-01-cpu-ab.md). With the numbers in the
 * text the generic plan is the right one, and after five executions PostgreSQL keeps it. A deep `page=` still
 * binds its OFFSET as a parameter, so there are two shapes per limit, not one per page.
 */
export function pageWindow(limit: number, offset: number): { shape: string; limit: Placeholder; offset: Placeholder | 0; values: Record<string, number> } {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`a page limit must be a whole number, got ${limit}`);
  // Drizzle writes an object limit as SQL (a Placeholder or, here, the number as text); its type only names
  // Placeholder. It leaves out an OFFSET of 0.
  const literal = sql.raw(String(limit)) as unknown as Placeholder;
  if (offset === 0) return { shape: `limit ${limit}`, limit: literal, offset: 0, values: {} };
  return { shape: `limit ${limit} offset $`, limit: literal, offset: sql.placeholder('offset'), values: { offset } };
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
