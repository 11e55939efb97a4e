import { parseLinkHeader, totalCountExactHeader, totalCountHeader } from '../../../contract/headers.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';

/** The paging headers of a list response, kept as plain text so they can live in the query cache. */
export interface PagingHeaders {
  link: string | null;
  totalCount: string | null;
  /** X-Total-Count-Exact: "false" when X-Total-Count is the server's estimate (large result sets). */
  totalCountExact?: string | null;
}

export function pagingHeaders(headers: Headers): PagingHeaders {
  return { link: headers.get('link'), totalCount: headers.get(totalCountHeader), totalCountExact: headers.get(totalCountExactHeader) };
}

export interface PageInfo {
  page: number;
  pageSize: number;
  rowsOnPage: number;
  /** Total matching records, when the server sends X-Total-Count; null otherwise. */
  total: number | null;
  /** False when the total is an estimate: then there is no last page to jump to. */
  totalExact: boolean;
  /** Last page number, when the total is known exactly. */
  lastPage: number | null;
  hasPrev: boolean;
  hasNext: boolean;
}

/**
 * Paging facts from a list response. The Link and X-Total-Count headers are an extension; a server
 * without them still pages: a full page suggests a next one, a short page ends the list.
 */
export function readPageInfo(headers: PagingHeaders | null, page: number, pageSize: number, rowsOnPage: number): PageInfo {
  const links = parseLinkHeader(headers?.link);
  const totalText = headers?.totalCount ?? null;
  const total = totalText !== null && /^\d+$/.test(totalText) ? Number(totalText) : null;
  const totalExact = headers?.totalCountExact !== 'false';
  const lastPage = total === null || !totalExact ? null : Math.max(1, Math.ceil(total / pageSize));
  const hasLinks = Object.keys(links).length > 0;
  let hasNext: boolean;
  if (hasLinks) hasNext = 'next' in links;
  else if (lastPage !== null) hasNext = page < lastPage;
  else hasNext = rowsOnPage >= pageSize;
  return { page, pageSize, rowsOnPage, total, totalExact, lastPage, hasPrev: page > 1, hasNext };
}

/**
 * "Page 3 of 17 · 331 results"; "Page 3 · rows 41–60 of about 1,000,000" when the total is an estimate;
 * "Page 3 · rows 41–60" when the total is unknown (components.paging.* messages, numbers in the language's format).
 */
export function describePage(info: PageInfo, t: Translate): string {
  const page = info.page;
  if (info.total !== null && info.lastPage !== null) return t('components.paging.ofTotal', { page, last: info.lastPage, total: info.total });
  if (info.rowsOnPage === 0) return t('components.paging.page', { page });
  const first = (info.page - 1) * info.pageSize + 1;
  const end = first + info.rowsOnPage - 1;
  if (info.total !== null && !info.totalExact) return t('components.paging.rowsAbout', { page, first, end, total: info.total });
  return t('components.paging.rows', { page, first, end });
}
