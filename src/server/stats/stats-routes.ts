import type { SummaryFilters } from '../../contract/summaries.ts';
import { callerOf } from '../auth/authenticate.ts';
import { badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { scopeOf } from '../lists/scope.ts';
import { previousPeriod, statsData } from './stats-query.ts';
import { statsBreakdown, statsSeries, statsTotals } from './stats-view.ts';

export function statsRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('getTransactionStats', {
      summary: 'Totals, a time series and breakdowns of the transaction summaries matching the list filters',
      description:
        'Takes every filter of GET /v1/transactions/summaries (no paging or order). Totals equal what walking that list returns. ' +
        'Series buckets are hours, days or weeks (Monday) in the IANA time zone `tz`; buckets without sales are omitted.',
      tags: ['transactions'],
    }),
    config: { auth: 'transactions:read' },
    handler: async (request) => {
      const db = app.database.read; // may lag: a replica when there is one
      const scope = scopeOf(callerOf(request));
      const { bucket, tz, compare, ...filters } = request.query;
      const previous = compare === 'previous_period' ? previousPeriod(filters.created_at, Date.now()) : null;
      if (compare === 'previous_period' && previous === null) {
        throw badRequest('compare=previous_period needs a created_at range with both ends.', [
          { parameter: 'created_at', detail: 'must be a range from..to with both ends when compare=previous_period' },
        ]);
      }
      const previousFilters: SummaryFilters | null = previous ? { ...filters, created_at: `${previous.from}..${previous.to}` } : null;
      const [data, previousData] = await Promise.all([
        statsData(db, scope, filters, bucket, tz),
        previousFilters ? statsData(db, scope, previousFilters, bucket, tz, true) : Promise.resolve(null),
      ]);
      return {
        bucket,
        timeZone: tz,
        totals: statsTotals(data.cells),
        previous: previous && previousData ? { ...previous, totals: statsTotals(previousData.cells) } : null,
        series: statsSeries(data.series),
        byAcquirer: statsBreakdown(data.cells, 'acquirer'),
        byCardBrand: statsBreakdown(data.cells, 'card_brand'),
        byPaymentMethod: statsBreakdown(data.cells, 'payment_method'),
      };
    },
  });
}
