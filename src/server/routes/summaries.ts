import { SummaryList, SummaryQuery } from '../../contract/summaries.ts';
import { callerOf } from '../auth/authenticate.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { problemResponses } from '../lib/openapi-docs.ts';
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
        summary: 'List transaction summaries with their cycles: filters, order and paging',
        tags: ['transactions'],
        querystring: SummaryQuery,
        response: { 200: SummaryList, ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const db = app.database.db;
      const scope = scopeOf(callerOf(request));
      const query = request.query;
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
