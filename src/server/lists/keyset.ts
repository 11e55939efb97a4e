import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { IsoDate } from '../../contract/fee-plans.ts';
import { ApiProblem } from '../errors.ts';
import { inline, type Bind } from '../db/prepared.ts';
import { filterKey } from './total-count.ts';

/**
 * Keyset paging (deep pages in constant time): a cursor names the sort key of a page's edge row (its value
 * and id, the tie-breaker), and the next page is the rows strictly after it in the list's order, read by
 * seeking the (organization, key, id) index instead of skipping OFFSET rows.
 */

/** How a list orders: the compared expression (with its collation), its SQL type, whether it can be NULL, and the id. */
export interface KeysetOrder {
  /** the list's name: a cursor of one list is refused by another */
  list: string;
  /** the sort expression as ORDER BY writes it (e.g. `status collate "C"`) */
  key: SQL;
  /** the type a cursor's value is cast to */
  type: 'text' | 'timestamptz' | 'bigint' | 'date';
  nullable: boolean;
  /** the tie-breaker: a table's column, or `e.id` as SQL where the query names its table by an alias */
  id: AnyPgColumn | SQL;
  direction: 'asc' | 'desc';
}

/** An edge row's position: its sort value (as text; null for a NULL key) and its id. */
export interface KeysetPosition {
  value: string | null;
  id: string;
}

export interface Cursor {
  /** the edge row's position; null: past the far end of the list (the rel="last" cursor, always `back`) */
  at: KeysetPosition | null;
  /** true: the page before `at` (rel="prev"); false: the page after it (rel="next") */
  back: boolean;
}

/**
 * The cursor of rel="last": the page before the list's far end, read by seeking the index backwards from its
 * end (the list's reverse order, LIMIT), so the true last page costs the same as the first, total or no total.
 */
export const endCursor: Cursor = { at: null, back: true };

/** A short hash of the list, its order and its filters: a cursor only serves the query that made it. */
export function fingerprint(list: string, orderBy: string, direction: string, query: object): string {
  return createHash('sha256').update(`${list}\u0000${orderBy}\u0000${direction}\u0000${filterKey(query)}`).digest('base64url').slice(0, 16);
}

export function encodeCursor(cursor: Cursor, print: string): string {
  const fields = cursor.at === null ? { l: 1, f: print } : { v: cursor.at.value, i: cursor.at.id, b: cursor.back ? 1 : 0, f: print };
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
}

/** The field-error phrases of a refused cursor. */
export const cursorProblems = {
  notOurs: 'is not a cursor from a rel="next", rel="prev" or rel="last" link of this list',
  otherQuery: 'was made for another list, order or set of filters: follow the links of the current query, or start from page 1',
} as const;

const badCursor = (detail: string) =>
  new ApiProblem({
    status: 400,
    type: 'validation-error',
    title: 'Invalid request',
    detail: `Query parameter cursor: ${detail}.`,
    errors: [{ parameter: 'cursor', detail }],
  });

const valueChecks: Record<KeysetOrder['type'], (value: string) => boolean> = {
  text: (value) => value.length <= 256,
  bigint: (value) => /^-?\d{1,19}$/.test(value),
  date: (value) => IsoDate.safeParse(value).success,
  timestamptz: (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/.test(value) && !Number.isNaN(Date.parse(value)),
};

/** Reads a cursor strictly: any change to it, or a cursor of another list, order or filter set, is a 400 naming `cursor`. */
export function decodeCursor(text: string, order: Pick<KeysetOrder, 'type' | 'nullable'>, print: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(cursorProblems.notOurs);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badCursor(cursorProblems.notOurs);
  const { v, i, b, f, l, ...rest } = parsed as Record<string, unknown>;
  if (l !== undefined) {
    // the rel="last" cursor: nothing but the fingerprint beside it
    if (l !== 1 || typeof f !== 'string' || Object.keys(rest).length > 0 || [v, i, b].some((x) => x !== undefined)) throw badCursor(cursorProblems.notOurs);
    if (f !== print) throw badCursor(cursorProblems.otherQuery);
    return endCursor;
  }
  const shapeOk =
    Object.keys(rest).length === 0 &&
    (typeof v === 'string' || v === null) &&
    typeof i === 'string' &&
    /^[A-Za-z0-9_-]{1,64}$/.test(i) &&
    (b === 0 || b === 1) &&
    typeof f === 'string';
  if (!shapeOk) throw badCursor(cursorProblems.notOurs);
  if (f !== print) throw badCursor(cursorProblems.otherQuery);
  if (v === null ? !order.nullable : !valueChecks[order.type](v)) throw badCursor(cursorProblems.notOurs);
  return { at: { value: v, id: i }, back: b === 1 };
}

const flip = (direction: 'asc' | 'desc') => (direction === 'asc' ? 'desc' : 'asc');

/** The direction rows are read in: the list's own, or its reverse for the page before a cursor. */
export const readDirection = (order: KeysetOrder, cursor: Cursor | null): 'asc' | 'desc' => (cursor?.back ? flip(order.direction) : order.direction);

/** One seekable part of "the rows after a position": a condition each index can start a range scan from. */
export type KeysetSegment = (bind: Bind) => SQL;

/**
 * The rows strictly after `at` when reading in `direction` (PostgreSQL's NULL placement: last ascending,
 * first descending), as conditions to read one after another, each an index range scan: a row comparison
 * (key, id) > (value, id) seeks, while an OR with `key IS NULL` would filter the whole organization. A
 * nullable key takes a second segment where the NULLs and the values meet.
 */
export function keysetSegments(order: KeysetOrder, at: KeysetPosition, direction: 'asc' | 'desc'): KeysetSegment[] {
  const op = sql.raw(direction === 'asc' ? '>' : '<');
  if (at.value === null) {
    const sameNull: KeysetSegment = (bind) => sql`${order.key} is null and ${order.id} ${op} ${bind('cursor_id', at.id)}`;
    // descending, every non-NULL key comes after the NULLs
    return direction === 'asc' ? [sameNull] : [sameNull, () => sql`${order.key} is not null`];
  }
  const value = at.value;
  const after: KeysetSegment = (bind) => sql`(${order.key}, ${order.id}) ${op} (${bind('cursor_value', value)}::${sql.raw(order.type)}, ${bind('cursor_id', at.id)})`;
  // ascending, NULL keys sort after every value
  return order.nullable && direction === 'asc' ? [after, () => sql`${order.key} is null`] : [after];
}

/** The single condition of a keyset that cannot hold NULL (credentials, merchants, events). */
export function keysetAfter(order: KeysetOrder, at: KeysetPosition, direction: 'asc' | 'desc', bind: Bind): SQL {
  const [only, ...rest] = keysetSegments(order, at, direction);
  if (!only || rest.length > 0) throw new Error(`the ${order.list} keyset needs segments`);
  return only(bind);
}

/** The shape of a keyset read for a prepared statement's key: direction and whether the position is NULL. */
export const keysetShape = (cursor: Cursor | null, segment = 0): string => {
  if (cursor === null) return 'offset';
  if (cursor.at === null) return 'end';
  return `${cursor.back ? 'back' : 'fwd'}${cursor.at.value === null ? '-null' : ''}-${segment}`;
};

/** A page read `extra` rows long in readDirection, put back in the list's order; `hasMore` past its far edge. */
export function pageOf<T>(rows: T[], limit: number, cursor: Cursor | null): { rows: T[]; more: boolean } {
  const more = rows.length > limit;
  const kept = rows.slice(0, limit);
  return { rows: cursor?.back ? kept.reverse() : kept, more };
}

/** A forward-only list's cursor (rel="next" links only): the position its page starts after; anything else is a 400. */
export function decodeForwardCursor(text: string, order: Pick<KeysetOrder, 'type' | 'nullable'>, print: string): KeysetPosition {
  const cursor = decodeCursor(text, order, print);
  if (cursor.at === null || cursor.back) throw badCursor(cursorProblems.notOurs);
  return cursor.at;
}

/** A forward-only list's "rows after the cursor" condition, or undefined without a cursor (decoded as above). */
export function afterForwardCursor(order: KeysetOrder, cursor: string | undefined, print: string): SQL | undefined {
  return cursor === undefined ? undefined : keysetAfter(order, decodeForwardCursor(cursor, order, print), order.direction, inline);
}

export const encodeForwardCursor = (at: KeysetPosition, print: string): string => encodeCursor({ at, back: false }, print);
