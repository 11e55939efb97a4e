import { and, asc, desc, sql } from 'drizzle-orm';
import type { EventColumnId } from '../../contract/export.ts';
import type { EventQuery } from '../../contract/events.ts';
import type { Db } from '../db/client.ts';
import { events as e } from '../db/schema.ts';
import { eventListColumns, eventWhere, type EventRow } from './events-query.ts';
import type { RowScope } from '../lists/scope.ts';
import type { CsvColumn } from '../lists/csv.ts';
import { exportBatchSize } from '../summaries/summaries-export.ts';

/** Every event matching the filters, in the list's order (created_at then eventId), in keyset batches. */
export async function* eventBatches(db: Db, scope: RowScope, query: EventQuery, size = exportBatchSize): AsyncGenerator<EventRow[]> {
  const where = eventWhere(scope, query);
  const by = query.order_direction === 'asc' ? asc : desc;
  const beyond = sql.raw(query.order_direction === 'asc' ? '>' : '<');
  let last: EventRow | undefined;
  for (;;) {
    const rows = await db
      .select(eventListColumns)
      .from(e)
      .where(last ? and(where, sql`(${e.createdAtNs}, ${e.eventId}) ${beyond} (${last.createdAtNs}, ${last.eventId})`) : where)
      .orderBy(by(e.createdAtNs), by(e.eventId))
      .limit(size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    last = rows.at(-1);
  }
}

export const eventCsvColumns: Record<EventColumnId, CsvColumn<EventRow>['value']> = {
  created_at: (r) => r.createdAtText,
  event_status: (r) => r.eventStatus,
  transaction_type: (r) => r.transactionType,
  transaction_status: (r) => r.transactionStatus,
  // events carry minor units; the export writes decimal text like the summaries (never through a float)
  amount: (r) => ({ minor: r.amount }),
  acquirer: (r) => r.acquirerName,
  payment_method: (r) => r.paymentMethod,
  card_brand: (r) => r.cardData?.cardBrand ?? null,
  card_bin: (r) => r.cardData?.bin ?? null,
  card_last4: (r) => r.cardData?.last4 ?? null,
  event_id: (r) => r.eventId,
  id: (r) => r.id,
  event_type: (r) => r.eventType,
  currency: (r) => r.currency,
  installments: (r) => r.installments,
  merchant_id: (r) => r.merchantId,
  terminal_id: (r) => r.terminalId,
  authorization_code: (r) => r.authorizationCode,
  acquirer_response_code: (r) => r.acquirerResponseCode,
};
