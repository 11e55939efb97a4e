import type { FastifyReply, FastifyRequest } from 'fastify';
import { totalCountHeader } from '../../contract/headers.ts';

export interface Paging {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: Paging): number => (page - 1) * limit;

/** RFC 8288 Link value: first, prev, next and last pages as absolute paths keeping every other parameter. */
export function linkHeader(url: string, { page, limit }: Paging, total: number): string {
  const [pathname = '', search = ''] = url.split('?');
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const at = (target: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(target));
    params.set('limit', String(limit));
    return `<${pathname}?${params.toString()}>`;
  };
  const links = [`${at(1)}; rel="first"`];
  if (page > 1) links.push(`${at(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${at(page + 1)}; rel="next"`);
  links.push(`${at(lastPage)}; rel="last"`);
  return links.join(', ');
}

export function setPagingHeaders(request: FastifyRequest, reply: FastifyReply, paging: Paging, total: number): void {
  void reply.header(totalCountHeader, String(total));
  void reply.header('link', linkHeader(request.url, paging, total));
}
