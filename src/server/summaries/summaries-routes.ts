import { z } from 'zod';
import { defaultSummaryColumns } from '../../contract/export.ts';
import { Summary, SummaryList, SummaryListQuery } from '../../contract/summaries.ts';
import { callerOf } from '../auth/authenticate.ts';
import { ApiProblem } from '../errors.ts';
import { noQuery } from '../lib/no-query.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { sendCsv, wantsCsv } from '../lists/send-csv.ts';
import { summaryBatches, summaryCsvColumns } from './summaries-export.ts';
import { listResponse, problemResponses } from '../lib/openapi-docs.ts';
import { setPagingHeaders } from '../lists/paging.ts';
import { scopeOf } from '../lists/scope.ts';
import { countSummaries, findCycles, findSummaries, findSummary, summaryKeyset, summaryPosition } from './summaries-query.ts';
import { decodeCursor, fingerprint, pageOf } from '../lists/keyset.ts';
import { summaryViews } from './summary-view.ts';

export function summaryRoutes(app: ApiInstance): void {
  app.get(
    '',
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
    async (request, reply) => {
      const db = app.database.read; // lists and exports may lag: a replica when there is one
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
      const keyset = summaryKeyset(query.order_by, query.order_direction);
      const print = fingerprint('summaries', query.order_by, query.order_direction, query);
      const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor, keyset, print);
      const [found, total] = await Promise.all([
        findSummaries(db, scope, query, 1, cursor),
        app.totals.get('summaries', scope, query, () => countSummaries(db, scope, query, app.countCap)),
      ]);
      const { rows, more } = pageOf(found, query.limit, cursor);
      const cycleRows = await findCycles(
        db,
        rows.map((r) => r.id),
      );
      setPagingHeaders(request, reply, query, total, more, { cursor, print, rows, more, position: (row) => summaryPosition(query.order_by, row) });
      return summaryViews(rows, cycleRows);
    },
  );

  app.get(
    '/:id',
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
      const [view] = summaryViews([row], await findCycles(db, [row.id]));
      return view;
    },
  );
}
