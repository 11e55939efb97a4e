import { defaultSummaryColumns } from '../../contract/export.ts';
import { SummaryList, SummaryListQuery } from '../../contract/summaries.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { sendCsv, wantsCsv } from '../export/send-csv.ts';
import { summaryBatches, summaryCsvColumns } from '../export/summaries-export.ts';
import { listResponse, problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lib/paging.ts';
import { scopeOf } from '../queries/scope.ts';
import { countSummaries, findCycles, findSummaries } from '../queries/summaries-query.ts';
import { summaryViews } from '../queries/summary-view.ts';

export function summaryRoutes(app: ApiInstance): void {
  app.get(
    '/v1/transactions/summaries',
    {
      config: { auth: 'transactions:read' },
      schema: {
        summary: 'List transaction summaries with their cycles (filters, order, paging), or export every match as CSV',
        description:
          'With `Accept: text/csv` the response streams every summary matching the filters, in the requested order (page and limit are ignored), as CSV with the `columns` chosen and the `csv_dialect`.',
        operationId: 'listTransactionSummaries',
        tags: ['transactions'],
        querystring: SummaryListQuery,
        response: { 200: listResponse(SummaryList, 'The page of summaries, or the CSV export'), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const scope = scopeOf(callerOf(request));
      const query = request.query;
      if (wantsCsv(request)) {
        return sendCsv(reply, {
          stem: 'transactions',
          ids: query.columns ?? defaultSummaryColumns,
          values: summaryCsvColumns,
          dialect: query.csv_dialect,
          total: await countSummaries(db, scope, query, app.countCap),
          batches: summaryBatches(db, scope, query),
        });
      }
      const [found, total] = await Promise.all([findSummaries(db, scope, query, 1), countSummaries(db, scope, query, app.countCap)]);
      const rows = found.slice(0, query.limit);
      const cycleRows = await findCycles(
        db,
        rows.map((r) => r.id),
      );
      setPagingHeaders(request, reply, query, total, found.length > query.limit);
      return summaryViews(rows, cycleRows);
    },
  );
}
