import { callerOf } from '../auth/authenticate.ts';
import { seesHolder } from '../auth/holder-details.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { summaryList } from './summaries-list.ts';
import { sendList } from '../lists/list-route.ts';
import { scopeOf } from '../lists/scope.ts';
import { findCycles, findSummary } from './summaries-query.ts';
import { summaryViews } from './summary-view.ts';

export function summaryRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('listTransactionSummaries', {
      summary: 'List transaction summaries with their cycles (filters, order, paging), or export every match as CSV',
      description:
        'With `Accept: text/csv` the response streams every summary matching the filters, in the requested order (page and limit are ignored), as CSV with the `columns` chosen and the `csv_dialect`.',
      tags: ['transactions'],
    }),
    config: { auth: 'transactions:read', audit: { action: 'transactions.export', target: 'transaction', exportsOnly: true } },
    handler: // lists and exports may lag: read from a replica when there is one (summaryList.replica)
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
  });

  app.route({
    ...endpoint('getTransactionSummary', {
      summary: 'One transaction summary with its cycles (extension)',
      description: 'A summary the token may see: its organization, and its merchant for a merchant token. Any other id is 404, whether or not it exists elsewhere.',
      tags: ['transactions'],
    }),
    config: { auth: 'transactions:read', audit: { action: 'transaction.read', target: 'transaction' } },
    handler: async (request) => {
      const db = app.database.db;
      const row = await findSummary(db, scopeOf(callerOf(request)), request.params.id);
      if (!row) throw new ApiProblem({ status: 404, detail: `No transaction summary ${request.params.id} is visible to this token.` });
      const [view] = summaryViews([row], await findCycles(db, [row.id]), seesHolder(callerOf(request)));
      return view;
    },
  });
}
