import { defaultEventColumns, type EventColumnId } from '../../contract/export.ts';
import type { EventQuery } from '../../contract/events.ts';
import type { Db } from '../db/client.ts';
import type { CsvColumn } from '../lists/csv.ts';
import { listBatches, type ListSpec } from '../lists/list-route.ts';
import type { RowScope } from '../lists/scope.ts';
import { countEvents, eventKeyset, eventPosition, findEvents, type EventRow } from './events-query.ts';

export const eventCsvColumns: Record<EventColumnId, CsvColumn<EventRow>['value']> = {
  created_at: (r) => ({ at: r.createdAtText }),
  event_status: (r) => ({ word: 'status', code: r.eventStatus }),
  transaction_type: (r) => ({ word: 'cycleType', code: r.transactionType }),
  transaction_status: (r) => ({ word: 'status', code: r.transactionStatus }),
  // events carry minor units; the export writes decimal text like the summaries (never through a float)
  amount: (r) => ({ minor: r.amount }),
  acquirer: (r) => ({ word: 'acquirer', code: r.acquirerName }),
  payment_method: (r) => ({ word: 'paymentMethod', code: r.paymentMethod }),
  card_brand: (r) => ({ word: 'cardBrand', code: r.cardData?.cardBrand ?? null }),
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
  decline_reason: (r) => ({ reason: { status: r.transactionStatus, code: r.acquirerResponseCode } }),
};

/** GET /v1/events as a list: its filters and order (events-query.ts), its CSV export. */
export const eventList: ListSpec<EventQuery, EventRow, RowScope> = {
  name: 'events',
  replica: true,
  cachedTotal: true,
  find: findEvents,
  count: countEvents,
  keyset: {
    orderBy: () => 'created_at',
    direction: (query) => query.order_direction,
    order: (query) => eventKeyset(query.order_direction),
    position: () => eventPosition,
  },
  csv: { stem: 'events', defaultColumns: defaultEventColumns, values: eventCsvColumns },
};

/** Every event matching the filters, in the list's order (created_at then eventId), in keyset batches (the export's reading). */
export const eventBatches = (db: Db, scope: RowScope, query: EventQuery, size?: number) => listBatches(eventList, db, scope, query, size);
