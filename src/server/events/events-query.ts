import { shownFirstDigits } from '../../contract/cards.ts';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { parseCreatedAtFilter } from '../../contract/filters.ts';
import type { Event, EventQuery } from '../../contract/events.ts';
import type { Db } from '../db/client.ts';
import { identifierVariants } from '../lists/identifier-variants.ts';
import { Binder, inline, pageWindow, preparedOnce, type Bind } from '../db/prepared.ts';
import { keysetAfter, keysetShape, readDirection, type Cursor, type KeysetOrder, type KeysetPosition } from '../lists/keyset.ts';
import { events as e, transactionSummaries as s } from '../db/schema.ts';
import { offsetOf } from '../lists/paging.ts';
import { merchantCondition, type RowScope } from '../lists/scope.ts';
import { cappedCount, defaultCountCap, type TotalCount } from '../lists/total-count.ts';

/** An event as lists, exports, the stream, ingestion's answer and the worker read it: every column but the raw body. */
export type EventRow = Omit<typeof e.$inferSelect, 'rawBody'>;
/** One event with the notification's body as received (GET /v1/events/{eventId}). */
export type EventDetailRow = typeof e.$inferSelect;

const { rawBody: _rawBody, ...listColumns } = getTableColumns(e);
/** The columns of EventRow: a page of 100 events does not carry 100 raw bodies it never shows. */
export const eventListColumns = listColumns;

/** WHERE of an events query: the caller's scope and every filter; created_at compares epoch nanoseconds (values through `bind`). */
export function eventWhere(scope: RowScope, query: EventQuery, bind: Bind = inline): SQL | undefined {
  const conditions: (SQL | undefined)[] = [sql`${e.organizationId} = ${bind('org', scope.organizationId)}`];
  conditions.push(merchantCondition(e.merchantId, scope, bind));
  if (query.event_status) conditions.push(sql`${e.eventStatus} = ${bind('event_status', query.event_status)}`);
  if (query.event_type) conditions.push(sql`${e.eventType} = ${bind('event_type', query.event_type)}`);
  const created = query.created_at === undefined ? null : parseCreatedAtFilter(query.created_at);
  if (created?.fromNs != null) conditions.push(sql`${e.createdAtNs} >= ${bind('created_from', String(created.fromNs))}::bigint`);
  if (created?.toNs != null) conditions.push(sql`${e.createdAtNs} < ${bind('created_to', String(created.toNs))}::bigint`);
  if (query.merchant_id) conditions.push(sql`${e.merchantId} = ${bind('merchant_id', query.merchant_id)}`);
  if (query.summary_id) conditions.push(ofSummary(scope, query.summary_id, bind));
  if (query.q) {
    // each arm has its own index (the primary key, or organization + column): a BitmapOr of exact probes
    // the RRN and authorization code with or without leading zeros (lists/identifier-variants.ts): still exact probes
    const variants = identifierVariants(query.q).map((v, i) => bind(`q${i}`, v));
    const [q] = variants;
    const any = sql.join(variants.map((v) => sql`${v}`), sql`, `);
    conditions.push(sql`(${e.eventId} = ${q} or ${e.id} = ${q} or ${e.retrievalReferenceNumber} in (${any}) or ${e.authorizationCode} in (${any}))`);
  }
  return and(...conditions);
}

/**
 * A transaction's events: the seed gives an event the summary's own id, a processed notification the gateway
 * transaction id the summary was created with. Both probe events_org_transaction_idx.
 */
function ofSummary(scope: RowScope, summaryId: string, bind: Bind): SQL {
  const gateway = sql`(select ${s.gatewayTransactionId} from ${s} where ${s.organizationId} = ${bind('summary_org', scope.organizationId)} and ${s.id} = ${bind('summary_id_inner', summaryId)})`;
  return sql`(${e.id} = ${bind('summary_id', summaryId)} or ${e.id} = ${gateway})`;
}

/** One event by its eventId, when the caller's scope sees it. */
export async function findEvent(db: Db, scope: RowScope, eventId: string): Promise<EventDetailRow | undefined> {
  const [row] = await db.select().from(e).where(and(eq(e.eventId, eventId), eq(e.organizationId, scope.organizationId), merchantCondition(e.merchantId, scope)));
  return row;
}

/**
 * Events order by created_at (nanoseconds), ties broken by eventId (the event `id` is the transaction's).
 * `extra` rows past the limit tell whether a next page exists; a deferred join (the page's eventIds from an
 * index-only scan, then only those rows from the table). Prepared once per shape.
 */
export async function findEvents(db: Db, scope: RowScope, query: EventQuery, extra = 0, cursor: Cursor | null = null): Promise<EventRow[]> {
  const keyset = eventKeyset(query.order_direction);
  const direction = readDirection(keyset, cursor);
  const by = direction === 'asc' ? asc : desc;
  const binder = new Binder();
  const filters = eventWhere(scope, query, binder.bind);
  const where = cursor?.at ? and(filters, keysetAfter(keyset, cursor.at, direction, binder.bind)) : filters;
  const window = pageWindow(query.limit + extra, cursor ? 0 : offsetOf(query), true);
  const statement = preparedOnce(db, `events-page|${direction}|${keysetShape(cursor)}|${binder.shape}|${window.shape}`, (name) => {
    const page = db
      .select({ pageId: e.eventId })
      .from(e)
      .where(where)
      .orderBy(by(e.createdAtNs), by(e.eventId))
      .limit(window.limit)
      .offset(window.offset)
      .as('page');
    return db
      .select(eventListColumns)
      .from(e)
      .innerJoin(page, eq(e.eventId, page.pageId))
      .orderBy(by(e.createdAtNs), by(e.eventId))
      .prepare(name);
  });
  return statement.execute({ ...binder.values, ...window.values });
}

/** The keyset of the events order: created_at in nanoseconds, then eventId. */
export const eventKeyset = (direction: 'asc' | 'desc'): KeysetOrder => ({ list: 'events', key: sql`${e.createdAtNs}`, type: 'bigint', nullable: false, id: e.eventId, direction });

export const eventPosition = (row: EventRow): KeysetPosition => ({ value: String(row.createdAtNs), id: row.eventId });

/** The number of matching events: exact up to `cap`, an estimate above it (see cappedCount). */
export async function countEvents(db: Db, scope: RowScope, query: EventQuery, cap = defaultCountCap): Promise<TotalCount> {
  return cappedCount(db, e, eventWhere(scope, query), cap);
}

/**
 * An event as the API returns it. `holder`: the caller has transactions:holder (or is the acquirer that sent it);
 * without it the card holder's name and the terminal's IP address and location are null.
 */
export function eventView(row: EventRow, holder: boolean): Event {
  return {
    id: row.id,
    createdAt: row.createdAtText,
    updatedAt: row.updatedAtText,
    terminalId: row.terminalId,
    merchantId: row.merchantId,
    eventId: row.eventId,
    eventStatus: row.eventStatus as Event['eventStatus'],
    eventType: row.eventType,
    acquirerName: row.acquirerName,
    transactionType: row.transactionType as Event['transactionType'],
    transactionStatus: row.transactionStatus as Event['transactionStatus'],
    terminalSerialNumber: row.terminalSerialNumber,
    merchantTaxId: row.merchantTaxId,
    acquirerMerchantIdentifier: row.acquirerMerchantIdentifier,
    acquirerTerminalIdentifier: row.acquirerTerminalIdentifier,
    currency: row.currency,
    amount: Number(row.amount),
    paymentMethod: row.paymentMethod as Event['paymentMethod'],
    installments: row.installments,
    installmentInterest: row.installmentInterest,
    authorizationCode: row.authorizationCode,
    productAid: row.productAid,
    retrievalReferenceNumber: row.retrievalReferenceNumber,
    acquirerResponseCode: row.acquirerResponseCode,
    cardData: row.cardData
      ? { ...row.cardData, holderName: holder ? row.cardData.holderName : null, bin: row.cardData.bin === null ? null : shownFirstDigits(row.cardData.cardBrand, row.cardData.bin) }
      : null,
    terminalData: holder ? row.terminalData : { ...row.terminalData, ipAddress: null, latitude: null, longitude: null },
    metadata: row.metadata,
    ...processingView(row),
  };
}

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** The processing extension fields of an event (issue 12). */
function processingView(row: EventRow): Pick<Event, 'failureReason' | 'failureDetail' | 'attempts' | 'nextAttemptAt' | 'processedAt' | 'summaryId' | 'connectionId'> {
  return {
    failureReason: (row.failureReason as Event['failureReason']) ?? null,
    failureDetail: row.failureDetail,
    attempts: row.attempts,
    nextAttemptAt: isoOrNull(row.nextAttemptAt),
    processedAt: isoOrNull(row.processedAt),
    summaryId: row.summaryId,
    connectionId: row.connectionId,
  };
}
