import { defaultSummaryColumns, type SummaryColumnId } from '../../contract/export.ts';
import { holderScope } from '../../contract/operation-auth.ts';
import type { SummaryQuery } from '../../contract/summaries.ts';
import type { Db } from '../db/client.ts';
import type { CsvColumn } from '../lists/csv.ts';
import { listBatches, type ListSpec } from '../lists/list-route.ts';
import type { RowScope } from '../lists/scope.ts';
import { decidingResponseCode } from '../../contract/deciding-code.ts';
import { countSummaries, findCycles, findSummaries, summaryKeyset, summaryPosition } from './summaries-query.ts';
import { isoFromPg, type SummaryRecord } from './summary-record.ts';

export const summaryCsvColumns: Record<SummaryColumnId, CsvColumn<SummaryRecord>['value']> = {
  created_at: (r) => ({ at: isoFromPg(r.created_at) }),
  amount: (r) => ({ minor: BigInt(r.amount_minor) }),
  status: (r) => ({ word: 'status', code: r.status }),
  acquirer: (r) => ({ word: 'acquirer', code: r.acquirer }),
  payment_method: (r) => ({ word: 'paymentMethod', code: r.payment_method }),
  card_brand: (r) => ({ word: 'cardBrand', code: r.card_brand }),
  card_first_digits: (r) => r.card_first_digits,
  card_last_digits: (r) => r.card_last_digits,
  installments: (r) => r.installments,
  id: (r) => r.id,
  currency: (r) => r.currency,
  gateway_transaction_id: (r) => r.gateway_transaction_id,
  card_holder_name: (r) => r.card_holder_name,
  merchant_id: (r) => r.merchant_id,
  merchant_name: (r) => r.name,
  response_code: (r) => r.response_code ?? null,
  decline_reason: (r) => ({ reason: { status: r.status, code: r.response_code ?? null } }),
};

/** The batch's summaries with their response codes (decidingResponseCode of their cycles, one query per batch). */
async function withResponseCodes(db: Db, rows: SummaryRecord[]): Promise<SummaryRecord[]> {
  const cycles = new Map<string, { status: string; responseCode: string | null }[]>();
  for (const c of await findCycles(db, rows.map((r) => r.id))) {
    const list = cycles.get(c.summary_id) ?? [];
    list.push({ status: c.status, responseCode: c.response_code });
    cycles.set(c.summary_id, list);
  }
  return rows.map((r) => ({ ...r, response_code: decidingResponseCode(cycles.get(r.id) ?? []) }));
}

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
  csv: {
    stem: 'transactions',
    defaultColumns: defaultSummaryColumns,
    values: summaryCsvColumns,
    expand: { columns: ['response_code', 'decline_reason'], rows: withResponseCodes },
    scoped: { card_holder_name: holderScope },
  },
};

/** Every summary matching the filters, in the list's order, in keyset batches (the export's reading). */
export const summaryBatches = (db: Db, scope: RowScope, query: SummaryQuery, size?: number) => listBatches(summaryList, db, scope, query, size);
