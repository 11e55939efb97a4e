import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseHeaders } from '../../contract/headers.ts';
import type { TotalCount } from './total-count.ts';
import { encodeCursor, endCursor, type Cursor, type KeysetPosition } from './keyset.ts';

export interface Paging {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** What a keyset-paged list tells the Link header: the cursor it was read from and the page's edge rows. */
export interface KeysetPage<T> {
  cursor: Cursor | null;
  /** fingerprint of the list, order and filters (lists/keyset.ts) */
  print: string;
  /** the page's rows, in the list's order */
  rows: readonly T[];
  /** more rows lie beyond the page's far edge in the direction it was read */
  more: boolean;
  position(row: T): KeysetPosition;
}

/**
 * RFC 8288 Link value as absolute paths keeping every other parameter: first (page 1) always; prev and next
 * as keyset cursors from the page's first and last rows (constant time however deep) when rows lie that way;
 * last as a page number when the total is exact, else (with a keyset) as the end cursor: the last `limit`
 * rows, read backwards from the list's end, so an estimated total still leads to the true last page. Without
 * a keyset (or on an empty page), prev and next are page numbers.
 */
export function linkHeader<T>(url: string, { page, limit }: Paging, total: TotalCount, hasMore: boolean, keyset?: KeysetPage<T>): string {
  const [pathname = '', search = ''] = url.split('?');
  const withParams = (set: Record<string, string>) => {
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('cursor');
    for (const [name, value] of Object.entries(set)) params.set(name, value);
    params.set('limit', String(limit));
    return `<${pathname}?${params.toString()}>`;
  };
  const at = (target: number) => withParams({ page: String(target) });
  const links = [`${at(1)}; rel="first"`];
  const lastPage = total.exact ? Math.max(1, Math.ceil(total.value / limit)) : null;
  const firstRow = keyset?.rows[0];
  const lastRow = keyset?.rows.at(-1);
  if (keyset && firstRow !== undefined && lastRow !== undefined) {
    const { cursor, more } = keyset;
    const hasPrev = cursor === null ? page > 1 : cursor.back ? more : true;
    // read back from the end cursor, nothing lies after the page
    const hasNext = cursor === null || !cursor.back ? more : cursor.at !== null;
    const link = (row: T, back: boolean) => withParams({ cursor: encodeCursor({ at: keyset.position(row), back }, keyset.print) });
    if (hasPrev) links.push(`${link(firstRow, true)}; rel="prev"`);
    if (hasNext) links.push(`${link(lastRow, false)}; rel="next"`);
  } else if (keyset?.cursor) {
    // an empty page read from a cursor (its rows were deleted): only first (and last) lead on
  } else if (lastPage === null) {
    if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
    if (hasMore) links.push(`${at(page + 1)}; rel="next"`);
  } else {
    if (page > 1) links.push(`${at(Math.min(page - 1, lastPage))}; rel="prev"`);
    if (page < lastPage) links.push(`${at(page + 1)}; rel="next"`);
  }
  if (lastPage !== null) links.push(`${at(lastPage)}; rel="last"`);
  else if (keyset) links.push(`${withParams({ cursor: encodeCursor(endCursor, keyset.print) })}; rel="last"`);
  return links.join(', ');
}

/** X-Total-Count, X-Total-Count-Exact (true or false) and Link (keyset cursors when `keyset` is given). */
export function setPagingHeaders<T>(request: FastifyRequest, reply: FastifyReply, paging: Paging, total: TotalCount, hasMore: boolean, keyset?: KeysetPage<T>): void {
  void reply.header(responseHeaders.totalCount, String(total.value));
  void reply.header(responseHeaders.totalCountExact, String(total.exact));
  void reply.header(responseHeaders.link, linkHeader(request.url, paging, total, hasMore, keyset));
}
