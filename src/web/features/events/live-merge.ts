import type { Event } from '../../../contract/events.ts';
import { parseCreatedAtFilter, timestampToNs } from '../../../contract/filters.ts';
import type { EventPage, EventParams } from './api/events-query.ts';

/**
 * How a stream message meets the Events list (pure, so it is tested without a browser): which messages
 * the page on screen can show, where a new one goes, and which ones only count towards "n new".
 */

const ns = (iso: string) => timestampToNs(iso) ?? 0n;

/** The list's filters as GET /v1/events applies them (src/server/events/events-query.ts), for one event. */
export function matchesFilters(event: Event, params: EventParams): boolean {
  if (params.event_status && event.eventStatus !== params.event_status) return false;
  if (params.event_type && event.eventType !== params.event_type) return false;
  if (params.merchant_id && event.merchantId !== params.merchant_id) return false;
  if (params.summary_id && event.id !== params.summary_id) return false;
  if (params.q) {
    const q = params.q.trim();
    if (![event.eventId, event.id, event.retrievalReferenceNumber, event.authorizationCode].includes(q)) return false;
  }
  if (params.created_at) {
    const range = parseCreatedAtFilter(params.created_at);
    if (!range) return false;
    const at = ns(event.createdAt);
    if (range.fromNs !== null && at < range.fromNs) return false;
    if (range.toNs !== null && at >= range.toNs) return false;
  }
  return true;
}

/**
 * A notification that just arrived, rather than an older event that changed (a retry, a late attempt):
 * stored and not yet tried, or tried once and finished. The stream sends an event's latest state only, so
 * one processed at once arrives already processed.
 */
export function isArrival(event: Event): boolean {
  return event.attempts === 0 || (event.attempts === 1 && event.eventStatus !== 'pending');
}

/** Page 1 (by number, not a cursor), newest first: the only view a new event can join without moving rows between pages. */
export function showsNewest(params: EventParams): boolean {
  return params.cursor === undefined && Number(params.page ?? '1') === 1 && (params.order_direction ?? 'desc') === 'desc';
}

/** Whether `a` is a later state of the event than `b` (more attempts, or the same attempts changed later). */
export function isLaterState(a: Event, b: Event): boolean {
  return a.attempts !== b.attempts ? a.attempts > b.attempts : Date.parse(a.updatedAt) > Date.parse(b.updatedAt);
}

export interface StatusChange {
  event: Event;
  from: Event['eventStatus'];
}

export interface MergeResult {
  /** the page to cache; the same object when nothing on it changed */
  page: EventPage;
  inserted: Event[];
  /** rows of this page whose status changed */
  changed: StatusChange[];
  /** arrivals this view cannot show (a later page, oldest first, or filters that exclude them) */
  unseen: Event[];
}

/**
 * Merges stream messages (oldest first) into the cached page: a row already on it is replaced in place; an
 * event the view shows (page 1, newest first, matching the filters, not older than the page's last row) is
 * inserted where its createdAt puts it, the page keeping its size; any other arrival is unseen.
 */
export function mergeIntoPage(page: EventPage, events: readonly Event[], params: EventParams): MergeResult {
  const limit = Number(params.limit ?? '20');
  let rows = page.rows;
  const inserted: Event[] = [];
  const changed: StatusChange[] = [];
  const unseen: Event[] = [];
  for (const event of events) {
    const index = rows.findIndex((row) => row.eventId === event.eventId);
    if (index >= 0) {
      const before = rows[index];
      // the row may already be later than the message (the retry's own answer, a reload): keep the later state
      if (before && !isLaterState(event, before)) continue;
      rows = rows.with(index, event);
      if (before && before.eventStatus !== event.eventStatus) changed.push({ event, from: before.eventStatus });
      continue;
    }
    const fits = showsNewest(params) && matchesFilters(event, params);
    const last = rows.at(-1);
    if (fits && (rows.length < limit || (last !== undefined && ns(event.createdAt) >= ns(last.createdAt)))) {
      const at = rows.findIndex((row) => ns(row.createdAt) < ns(event.createdAt));
      rows = at < 0 ? [...rows, event] : rows.toSpliced(at, 0, event);
      if (rows.length > limit) rows = rows.slice(0, limit);
      inserted.push(event);
    } else if (!fits && isArrival(event)) unseen.push(event); // an arrival that fits but sorts below the page is history, not news
  }
  if (rows === page.rows) return { page, inserted, changed, unseen };
  const total = page.paging.totalCount;
  const grown = inserted.length > 0 && total !== null && /^\d+$/.test(total) ? String(Number(total) + inserted.length) : total;
  return { page: { rows, paging: { ...page.paging, totalCount: grown } }, inserted, changed, unseen };
}

/** Adds arrivals to the "n new" set (one entry per event, whatever its later changes). */
export function addUnseen(pending: ReadonlyMap<string, Event>, events: readonly Event[]): ReadonlyMap<string, Event> {
  if (events.length === 0) return pending;
  const next = new Map(pending);
  for (const event of events) next.set(event.eventId, event);
  return next;
}

/** What stays in "n new" once the view becomes `params`: a newest-first first page loads the ones its filters match. */
export function pruneShown(pending: ReadonlyMap<string, Event>, params: EventParams): ReadonlyMap<string, Event> {
  if (pending.size === 0 || !showsNewest(params)) return pending;
  const next = new Map([...pending].filter(([, event]) => !matchesFilters(event, params)));
  return next.size === pending.size ? pending : next;
}

/** Whether showing the unseen events needs the filters cleared (some do not match them). */
export function needsClearedFilters(pending: ReadonlyMap<string, Event>, params: EventParams): boolean {
  return [...pending.values()].some((event) => !matchesFilters(event, params));
}
