import { z } from 'zod';
import { Summary, SummaryList, SummaryListQuery } from '../../contract/summaries.ts';
import { callerOf } from '../auth/authenticate.ts';
import { seesHolder } from '../auth/holder-details.ts';
import { ApiProblem } from '../errors.ts';
import { noQuery } from '../lib/no-query.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { routeOf } from '../lib/endpoint-routes.ts';
import { summaryList } from './summaries-list.ts';
import { sendList } from '../lists/list-route.ts';
import { listResponse, problemResponses } from '../lib/openapi-docs.ts';
import { scopeOf } from '../lists/scope.ts';
import { findCycles, findSummary } from './summaries-query.ts';
import { summaryViews } from './summary-view.ts';

export function summaryRoutes(app: ApiInstance): void {
  app.get(
    routeOf('listTransactionSummaries'),
    {
      config: { auth: 'transactions:read', audit: { action: 'transactions.export', target: 'transaction', exportsOnly: true } },
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
    // lists and exports may lag: read from a replica when there is one (summaryList.replica)
    async (request, reply) =>
      sendList(app, request, reply, summaryList, request.query, async (rows, db) =>
        summaryViews(
          rows,
          await findCycles(
            db,
            rows.map((r) => r.id),
          ),
          seesHolder(callerOf(request)),
        ),
      ),
  );

  app.get(
    routeOf('getTransactionSummary'),
    {
      config: { auth: 'transactions:read', audit: { action: 'transaction.read', target: 'transaction' } },
      schema: {
        summary: 'One transaction summary with its cycles (extension)',
        description: 'A summary the token may see: its organization, and its merchant for a merchant token. Any other id is 404, whether or not it exists elsewhere.',
        operationId: 'getTransactionSummary',
        tags: ['transactions'],
        params: z.strictObject({ id: z.string().max(64).meta({ description: 'The summary id' }) }),
        querystring: noQuery,
        response: { 200: Summary, ...problemResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const db = app.database.db;
      const row = await findSummary(db, scopeOf(callerOf(request)), request.params.id);
      if (!row) throw new ApiProblem({ status: 404, detail: `No transaction summary ${request.params.id} is visible to this token.` });
      const [view] = summaryViews([row], await findCycles(db, [row.id]), seesHolder(callerOf(request)));
      return view;
    },
  );
}
