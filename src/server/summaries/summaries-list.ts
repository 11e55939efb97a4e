import { defaultSummaryColumns, type SummaryColumnId } from '../../contract/export.ts';
import { holderScope } from '../../contract/operation-auth.ts';
import type { SummaryQuery } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import type { CsvColumn } from '../lists/csv.ts';
import { listBatches, type ListSpec } from '../lists/list-route.ts';
import type { RowScope } from '../lists/scope.ts';
import { countSummaries, findSummaries, summaryKeyset, summaryPosition } from './summaries-query.ts';
import { isoFromPg, type SummaryRecord } from './summary-record.ts';

export const summaryCsvColumns: Record<SummaryColumnId, CsvColumn<SummaryRecord>['value']> = {
  created_at: (r) => isoFromPg(r.created_at),
  amount: (r) => ({ minor: BigInt(r.amount_minor) }),
  status: (r) => r.status,
  acquirer: (r) => r.acquirer,
  payment_method: (r) => r.payment_method,
  card_brand: (r) => r.card_brand,
  card_first_digits: (r) => r.card_first_digits,
  card_last_digits: (r) => r.card_last_digits,
  installments: (r) => r.installments,
  id: (r) => r.id,
  currency: (r) => r.currency,
  gateway_transaction_id: (r) => r.gateway_transaction_id,
  card_holder_name: (r) => r.card_holder_name,
  merchant_id: (r) => r.merchant_id,
  merchant_name: (r) => r.name,
};

/** GET /v1/transactions/summaries as a list: its filters and order (summaries-query.ts), its CSV export. */
export const summaryList: ListSpec<SummaryQuery, SummaryRecord, RowScope> = {
  name: 'summaries',
  replica: true,
  cachedTotal: true,
  find: findSummaries,
  count: countSummaries,
  keyset: {
    orderBy: (query) => query.order_by,
    direction: (query) => query.order_direction,
    order: (query) => summaryKeyset(query.order_by, query.order_direction),
    position: (query) => (row) => summaryPosition(query.order_by, row),
  },
  csv: { stem: 'transactions', defaultColumns: defaultSummaryColumns, values: summaryCsvColumns, scoped: { card_holder_name: holderScope } },
};

/** Every summary matching the filters, in the list's order, in keyset batches (the export's reading). */
export const summaryBatches = (db: Db, scope: RowScope, query: SummaryQuery, size?: number) => listBatches(summaryList, db, scope, query, size);
