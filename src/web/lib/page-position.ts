import { z } from 'zod/mini';
import { maxPage } from '../../contract/list-query.ts';
import { isApiError } from './api-client.ts';

/**
 * Where the page on screen stands in its list. The URL keeps the API's opaque `cursor` (from a Link of the
 * previous response) and, beside it, the dashboard's own label of that page in `page`: a page number counted
 * while following next/prev from page 1, or `last` / `last-N` counted back from the end cursor. Without a
 * cursor, `page=N` is a page read by number, as before. The label never reaches the API with a cursor.
 */
export type PagePosition =
  /** page N from the start (a cursor page or a page read by number) */
  | { kind: 'page'; page: number }
  /** the last page (before: 0), or `before` pages ahead of it */
  | { kind: 'fromEnd'; before: number }
  /** a cursor without a label, e.g. an API link pasted into the address */
  | { kind: 'unknown' };

/** The URL values a page is opened with; null clears the key. */
export interface PageTarget {
  cursor: string | null;
  page: string | null;
}

const labelPattern = /^(?:(\d{1,7})|last(?:-(\d{1,7}))?)$/;

function readLabel(label: string): PagePosition | null {
  const match = labelPattern.exec(label);
  if (!match) return null;
  const [, page, before] = match;
  if (page !== undefined) {
    const n = Number(page);
    return n >= 1 && n <= maxPage ? { kind: 'page', page: n } : null;
  }
  if (before === undefined) return { kind: 'fromEnd', before: 0 };
  const n = Number(before);
  return n >= 1 && n <= maxPage ? { kind: 'fromEnd', before: n } : null;
}

/** The dashboard's `page` parameter: the contract's page number, or a label from the end (`last`, `last-2`). */
export const pageLabel = z.string().check(z.refine((value) => readLabel(value) !== null, `must be a whole number from 1 to ${maxPage}, "last" or "last-N"`));

/** The position the URL's `page` label and `cursor` describe. Without a label, a cursor's place is unknown. */
export function readPosition(label: string | undefined, cursor: string | undefined): PagePosition {
  if (label === undefined) return cursor === undefined ? { kind: 'page', page: 1 } : { kind: 'unknown' };
  return readLabel(label) ?? { kind: 'page', page: 1 };
}

/** The label that names a position in the URL; null for page 1 (the default) and for an unknown place. */
export function positionLabel(position: PagePosition): string | null {
  if (position.kind === 'page') return position.page === 1 ? null : String(position.page);
  if (position.kind === 'fromEnd') return position.before === 0 ? 'last' : `last-${position.before}`;
  return null;
}

/**
 * What the API is asked for the page: the cursor alone when there is one (the label stays in the address), else
 * the page number (page 1 for a label from the end that has no cursor yet).
 */
export function apiPosition(values: { page?: string; cursor?: string }): { page?: string; cursor?: string } {
  if (values.cursor !== undefined) return { cursor: values.cursor };
  const position = readPosition(values.page, undefined);
  return { page: String(position.kind === 'page' ? position.page : 1) };
}

/** The `cursor` and `page` a Link URL carries (absolute path or full URL). */
export function linkParams(href: string): { cursor: string | null; page: string | null } {
  const params = new URL(href, 'http://link.invalid').searchParams;
  return { cursor: params.get('cursor'), page: params.get('page') };
}

const shifted = (position: PagePosition, by: 1 | -1): PagePosition => {
  if (position.kind === 'page') return { kind: 'page', page: position.page + by };
  if (position.kind === 'fromEnd') return { kind: 'fromEnd', before: Math.max(0, position.before - by) };
  return position;
};

/** Opens a Link: its cursor with the label the page will have there, or its page number (page 1 leaves the URL bare). */
function follow(href: string, label: PagePosition): PageTarget {
  const { cursor, page } = linkParams(href);
  if (cursor !== null) return { cursor, page: positionLabel(label) };
  return { cursor: null, page: page === null || page === '1' ? null : page };
}

export const firstPage: PageTarget = { cursor: null, page: null };

export interface PageTargets {
  prev: PageTarget | null;
  next: PageTarget | null;
  last: PageTarget | null;
}

/**
 * Where Previous, Next and Last go: the response's rel="prev" / "next" / "last" links, each labelled from the
 * position on screen (next of page 3 is page 4; prev of `last` is `last-1`). Previous onto page 2 → 1 opens
 * the list's first page itself rather than the rows before a cursor. A response without links pages by number.
 */
export function pageTargets(position: PagePosition, links: Readonly<Record<string, string>>, fallback: { hasNext: boolean; lastPage: number | null }): PageTargets {
  if (Object.keys(links).length === 0) {
    const page = position.kind === 'page' ? position.page : 1;
    return {
      prev: page > 1 ? (page === 2 ? firstPage : { cursor: null, page: String(page - 1) }) : null,
      next: fallback.hasNext ? { cursor: null, page: String(page + 1) } : null,
      last: fallback.lastPage === null ? null : follow(`?page=${fallback.lastPage}`, position),
    };
  }
  const before = shifted(position, -1);
  return {
    prev: links.prev === undefined ? null : before.kind === 'page' && before.page <= 1 ? firstPage : follow(links.prev, before),
    next: links.next === undefined ? null : follow(links.next, shifted(position, 1)),
    last: links.last === undefined ? null : follow(links.last, { kind: 'fromEnd', before: 0 }),
  };
}

/** A 400 problem naming `cursor`: the address holds a cursor the API refuses (made for another query, or altered). */
export function isRefusedCursor(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && (error.problem?.errors ?? []).some((e) => e.parameter === 'cursor');
}
