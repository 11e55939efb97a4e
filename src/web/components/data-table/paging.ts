import { linkHeaderName, parseLinkHeader, totalCountExactHeaderName, totalCountHeaderName } from '../../../contract/headers.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { firstPage, pageTargets, type PagePosition, type PageTarget } from '../../lib/page-position.ts';

/** The paging headers of a list response, kept as plain text so they can live in the query cache. */
export interface PagingHeaders {
  link: string | null;
  totalCount: string | null;
  /** X-Total-Count-Exact: "false" when X-Total-Count is the server's estimate (large result sets). */
  totalCountExact?: string | null;
}

export function pagingHeaders(headers: Headers): PagingHeaders {
  return { link: headers.get(linkHeaderName), totalCount: headers.get(totalCountHeaderName), totalCountExact: headers.get(totalCountExactHeaderName) };
}

export interface PageInfo {
  position: PagePosition;
  pageSize: number;
  rowsOnPage: number;
  /** Total matching records, when the server sends X-Total-Count; null otherwise. */
  total: number | null;
  /** False when the total is an estimate: then no page count is shown (the last page is still reachable by cursor). */
  totalExact: boolean;
  /** Last page number, when the total is known exactly. */
  lastPage: number | null;
  hasPrev: boolean;
  hasNext: boolean;
  /** Where First, Previous, Next and Last go (null: nowhere); Last is offered when the server names a last page. */
  targets: { first: PageTarget; prev: PageTarget | null; next: PageTarget | null; last: PageTarget | null };
}

/**
 * Paging facts from a list response. The Link header's rel="prev"/"next"/"last" decide where the buttons go
 * (keyset cursors on deep pages, lib/page-position.ts); X-Total-Count is an extension. A server without them
 * still pages by number: a full page suggests a next one, a short page ends the list.
 */
export function readPageInfo(headers: PagingHeaders | null, position: PagePosition, pageSize: number, rowsOnPage: number): PageInfo {
  const links = parseLinkHeader(headers?.link);
  const totalText = headers?.totalCount ?? null;
  const total = totalText !== null && /^\d+$/.test(totalText) ? Number(totalText) : null;
  const totalExact = headers?.totalCountExact !== 'false';
  const lastPage = total === null || !totalExact ? null : Math.max(1, Math.ceil(total / pageSize));
  const page = position.kind === 'page' ? position.page : null;
  const fallbackNext = lastPage !== null && page !== null ? page < lastPage : rowsOnPage >= pageSize;
  const { prev, next, last } = pageTargets(position, links, { hasNext: fallbackNext, lastPage });
  return { position, pageSize, rowsOnPage, total, totalExact, lastPage, hasPrev: prev !== null, hasNext: next !== null, targets: { first: firstPage, prev, next, last } };
}

/**
 * The page facts with an exact total known elsewhere for the same filters (the transactions' stats total) in place
 * of the list's estimate, so the pager and the totals beside it say one count. Where the buttons go stays the Link
 * header's; an exact list total, or none known, leaves `info` as it is.
 */
export function withExactTotal(info: PageInfo, exactTotal: number | null | undefined): PageInfo {
  if (info.totalExact || exactTotal === null || exactTotal === undefined) return info;
  return { ...info, total: exactTotal, totalExact: true, lastPage: Math.max(1, Math.ceil(exactTotal / info.pageSize)) };
}

/**
 * "Page 3 of 17 · 331 results"; "Page 3 · rows 41–60 of about 1,000,000" when the total is an estimate;
 * "Page 3 · rows 41–60" when the total is unknown; from the end: "Last page · 1,000,000 results" (or "about"),
 * "2 pages before the last · …"; a cursor of unknown place: "Page from a link · 20 rows"
 * (components.paging.* messages, numbers in the language's format).
 */
export function describePage(info: PageInfo, t: Translate): string {
  const { position, total } = info;
  if (position.kind === 'unknown') return t('components.paging.fromLink', { count: info.rowsOnPage });
  if (position.kind === 'fromEnd') {
    // counted from the end by cursor, whose pages need not line up with page numbers: the count of pages before the
    // last, and the total, exact (the stats' when the list's was an estimate, withExactTotal) or about
    const before = position.before;
    if (total === null) return t('components.paging.fromEnd', { before });
    return info.totalExact ? t('components.paging.fromEndTotal', { before, total }) : t('components.paging.fromEndAbout', { before, total });
  }
  const page = position.page;
  if (total !== null && info.lastPage !== null) return t('components.paging.ofTotal', { page, last: info.lastPage, total });
  if (info.rowsOnPage === 0) return t('components.paging.page', { page });
  const first = (page - 1) * info.pageSize + 1;
  const end = first + info.rowsOnPage - 1;
  if (total !== null && !info.totalExact) return t('components.paging.rowsAbout', { page, first, end, total });
  return t('components.paging.rows', { page, first, end });
}
