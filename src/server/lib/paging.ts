import type { FastifyReply, FastifyRequest } from 'fastify';
import { responseHeaders } from '../../contract/headers.ts';
import type { TotalCount } from '../queries/total-count.ts';

export interface Paging {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/**
 * RFC 8288 Link value as absolute paths keeping every other parameter: first always; prev from page 2 on;
 * next when another row follows this page; last only when the total is exact (an estimate would make it lie).
 */
export function linkHeader(url: string, { page, limit }: Paging, total: TotalCount, hasMore: boolean): string {
  const [pathname = '', search = ''] = url.split('?');
  const at = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    params.set('limit', String(limit));
    return `<${pathname}?${params.toString()}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (!total.exact) {
    if (page > 1) links.push(`${at(page - 1)}; rel="prev"`);
    if (hasMore) links.push(`${at(page + 1)}; rel="next"`);
    return links.join(', ');
  }
  const lastPage = Math.max(1, Math.ceil(total.value / limit));
  if (page > 1) links.push(`${at(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(lastPage)}; rel="last"`);
  return links.join(', ');
}

/** X-Total-Count, X-Total-Count-Exact (true or false) and Link. */
export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, paging: Paging, total: TotalCount, hasMore: boolean): void {
  void reply.header(responseHeaders.totalCount, String(total.value));
  void reply.header(responseHeaders.totalCountExact, String(total.exact));
  void reply.header(responseHeaders.link, linkHeader(request.url, paging, total, hasMore));
}
