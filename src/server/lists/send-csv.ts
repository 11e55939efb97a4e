import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csvContentType, type CsvDialect } from '../../contract/export.ts';
import { cacheControlHeader, contentDispositionHeader, totalCountExactHeader, totalCountHeader } from '../../contract/headers.ts';
import type { TotalCount } from './total-count.ts';
import { auditedExport } from '../audit/route-audit.ts';
import { csvDisposition, csvStream, type CsvColumn } from './csv.ts';

/** True when the Accept header prefers text/csv to application/json (no Accept, or *\/*, means JSON). */
export function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept) return false;
  return negotiate(accept, ['application/json', csvContentType]) === csvContentType;
}

export interface CsvExport<Row> {
  /** file name stem: "transactions" gives transactions-20261122T0541Z.csv */
  stem: string;
  ids: readonly string[];
  values: Record<string, CsvColumn<Row>['value']>;
  dialect: CsvDialect;
  /** the list's X-Total-Count for the same filters (capped like the list), for a progress bar */
  total: TotalCount;
  batches: AsyncIterable<readonly Row[]>;
}

/** Streams the export: every row, in batches pulled as the client reads (see csvStream). */
export function sendCsv<Row>(reply: FastifyReply, spec: CsvExport<Row>): FastifyReply {
  const columns = spec.ids.map((id) => {
    const value = spec.values[id];
    if (!value) throw new Error(`no CSV column ${id}`);
    return { id, value };
  });
  // the route's audit entry (config.audit) gets the rows sent
  const stream = csvStream(columns, spec.dialect, auditedExport(reply.request, spec.batches));
  return reply
    .header(contentDispositionHeader, csvDisposition(spec.stem))
    .header(totalCountHeader, String(spec.total.value))
    .header(totalCountExactHeader, String(spec.total.exact))
    .header(cacheControlHeader, 'no-store')
    .type(`${csvContentType}; charset=utf-8; header=present`)
    .send(stream);
}
