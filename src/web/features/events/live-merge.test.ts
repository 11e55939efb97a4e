import { describe, expect, it } from 'vitest';
import type { Event } from '../../../contract/events.ts';
import type { EventPage, EventParams } from './api/events-query.ts';
import { addUnseen, isArrival, isLaterState, matchesFilters, mergeIntoPage, needsClearedFilters, pruneShown } from './live-merge.ts';

// events are made relative to now (whole minutes), like the stream's; every filter below is derived from them
const base = Math.floor(Date.now() / 60_000) * 60_000;
let serial = 0;

/** An event `minutes` after the base instant; every other field plausible. */
function event(minutes: number, patch: Partial<Event> = {}): Event {
  serial++;
  const createdAt = new Date(base + minutes * 60_000).toISOString();
  return {
    id: `txn${serial}`,
    createdAt,
    updatedAt: createdAt,
    terminalId: 'T1',
    merchantId: 'm1',
    eventId: `evt${serial}`,
    eventStatus: 'pending',
    eventType: 'payment.authorized',
    acquirerName: 'cielo',
    transactionType: 'authorization',
    transactionStatus: 'approved',
    terminalSerialNumber: 'S1',
    merchantTaxId: '12345678000199',
    acquirerMerchantIdentifier: 'MID1',
    acquirerTerminalIdentifier: 'TID1',
    currency: 'BRL',
    amount: 1000,
    paymentMethod: 'credit_card',
    installments: null,
    installmentInterest: null,
    authorizationCode: null,
    productAid: null,
    retrievalReferenceNumber: null,
    acquirerResponseCode: null,
    cardData: null,
    terminalData: { navigationMethod: null, networkSsid: null, simSerialNumber: null, simApnData: null, ipAddress: null, latitude: null, longitude: null },
    metadata: {},
    failureReason: null,
    failureDetail: null,
    attempts: 0,
    nextAttemptAt: null,
    processedAt: null,
    summaryId: null,
    connectionId: null,
    ...patch,
  };
}

/** A newest-first page of `count` events, one minute apart, ending `minutes` ago relative to the base. */
function page(count: number, total: number | null = 100): EventPage {
  const rows = Array.from({ length: count }, (_, i) => event(-i, { attempts: 1, eventStatus: 'processed' }));
  return { rows, paging: { link: null, totalCount: total === null ? null : String(total) } };
}

const first: EventParams = { page: '1', limit: '5', order_direction: 'desc' };
const ids = (p: EventPage) => p.rows.map((r) => r.eventId);

describe('mergeIntoPage', () => {
  it('puts a new event on top of the first newest-first page, keeping the page size and growing the total', () => {
    const cached = page(5);
    const fresh = event(10);
    const result = mergeIntoPage(cached, [fresh], first);
    expect(ids(result.page)).toEqual([fresh.eventId, ...ids(cached).slice(0, 4)]);
    expect(result.page.paging.totalCount).toBe('101');
    expect(result.inserted).toEqual([fresh]);
    expect(result.unseen).toEqual([]);
  });

  it('inserts by createdAt, not arrival order, and leaves the cached page object untouched', () => {
    const cached = page(5);
    const between = event(-1.5);
    const result = mergeIntoPage(cached, [between], first);
    expect(result.page.rows.findIndex((r) => r.eventId === between.eventId)).toBe(2);
    expect(cached.rows).toHaveLength(5);
    expect(ids(cached)).not.toContain(between.eventId);
  });

  it('replaces a row in place when its status changes, and reports the change', () => {
    const cached = page(5);
    const target = cached.rows[2];
    if (!target) throw new Error('fixture');
    const failed = { ...target, eventStatus: 'failed' as const, attempts: 2, failureReason: 'unknown_terminal' as const, updatedAt: new Date(base + 99_000).toISOString() };
    const result = mergeIntoPage(cached, [failed], { ...first, page: '3' });
    expect(ids(result.page)).toEqual(ids(cached));
    expect(result.page.rows[2]).toBe(failed);
    expect(result.changed).toEqual([{ event: failed, from: 'processed' }]);
    expect(result.page.paging.totalCount).toBe('100');
  });

  it('returns the same page when a message repeats what the row already holds', () => {
    const cached = page(3);
    const same = cached.rows[0];
    if (!same) throw new Error('fixture');
    expect(mergeIntoPage(cached, [{ ...same }], first).page).toBe(cached);
  });

  it('counts an arrival as unseen on a later page (by number or by cursor), under oldest-first order, or when the filters exclude it', () => {
    const fresh = event(10);
    expect(mergeIntoPage(page(5), [fresh], { ...first, page: '2' }).unseen).toEqual([fresh]);
    // a cursor page is sent without a page number
    const { page: _number, ...byCursor } = first;
    expect(mergeIntoPage(page(5), [fresh], { ...byCursor, cursor: 'eyJ2IjoiMSJ9' }).unseen).toEqual([fresh]);
    expect(mergeIntoPage(page(5), [fresh], { ...first, order_direction: 'asc' }).unseen).toEqual([fresh]);
    const filtered = mergeIntoPage(page(5), [fresh], { ...first, event_status: 'failed' });
    expect(filtered.unseen).toEqual([fresh]);
    expect(filtered.page.rows.map((r) => r.eventId)).not.toContain(fresh.eventId);
  });

  it('does not count an older event that changed elsewhere (a retry) or a historical arrival the first page already places below it', () => {
    const retried = event(10, { attempts: 2, eventStatus: 'processed' });
    expect(mergeIntoPage(page(5), [retried], { ...first, page: '2' }).unseen).toEqual([]);
    const historical = event(-60);
    const result = mergeIntoPage(page(5), [historical], first);
    expect(result.unseen).toEqual([]);
    expect(ids(result.page)).not.toContain(historical.eventId);
  });

  it('fills a short first page', () => {
    const old = event(-600);
    const result = mergeIntoPage(page(2, 2), [old], first);
    expect(ids(result.page).at(-1)).toBe(old.eventId);
    expect(result.page.paging.totalCount).toBe('3');
  });
});

describe('matchesFilters', () => {
  it('applies status, type, merchant, transaction, identifier and created_at like the API', () => {
    const e = event(0, { eventStatus: 'failed', retrievalReferenceNumber: 'RRN9', merchantId: 'm2' });
    expect(matchesFilters(e, { event_status: 'failed', merchant_id: 'm2', q: 'RRN9' })).toBe(true);
    expect(matchesFilters(e, { event_status: 'processed' })).toBe(false);
    expect(matchesFilters(e, { event_type: 'payment.captured' })).toBe(false);
    expect(matchesFilters(e, { merchant_id: 'm1' })).toBe(false);
    expect(matchesFilters(e, { summary_id: e.id })).toBe(true);
    expect(matchesFilters(e, { q: 'other' })).toBe(false);
    const day = e.createdAt.slice(0, 10);
    const nextDay = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10);
    expect(matchesFilters(e, { created_at: day })).toBe(true);
    expect(matchesFilters(e, { created_at: `${nextDay}..` })).toBe(false);
    expect(matchesFilters(e, { created_at: `..${e.createdAt}` })).toBe(false);
    expect(matchesFilters(e, { created_at: `${e.createdAt}..` })).toBe(true);
  });
});

describe('n new', () => {
  it('keeps one entry per event and drops those a newest-first first page with matching filters loads', () => {
    const a = event(10);
    const b = event(11, { eventStatus: 'failed', attempts: 1 });
    let unseen = addUnseen(new Map(), [a, b]);
    unseen = addUnseen(unseen, [{ ...a, eventStatus: 'processed', attempts: 1 }]);
    expect(unseen.size).toBe(2);
    expect(pruneShown(unseen, { ...first, page: '2' })).toBe(unseen);
    const onFailedFirstPage = pruneShown(unseen, { ...first, event_status: 'failed' });
    expect([...onFailedFirstPage.keys()]).toEqual([a.eventId]);
    expect(needsClearedFilters(onFailedFirstPage, { ...first, event_status: 'failed' })).toBe(true);
    expect(needsClearedFilters(onFailedFirstPage, first)).toBe(false);
    expect(pruneShown(onFailedFirstPage, first).size).toBe(0);
  });

  it('tells an arrival from a change', () => {
    expect(isArrival(event(0))).toBe(true);
    expect(isArrival(event(0, { attempts: 1, eventStatus: 'processed' }))).toBe(true);
    expect(isArrival(event(0, { attempts: 1, eventStatus: 'pending' }))).toBe(false);
    expect(isArrival(event(0, { attempts: 3, eventStatus: 'failed' }))).toBe(false);
  });
});

describe('later states win', () => {
  it('keeps a row that is already later than the message', () => {
    const cached = page(3);
    const row = cached.rows[1];
    if (!row) throw new Error('fixture');
    const later = { ...row, attempts: 2, updatedAt: new Date(Date.parse(row.updatedAt) + 5000).toISOString() };
    const merged = mergeIntoPage(cached, [later], first).page;
    expect(mergeIntoPage(merged, [row], first).page).toBe(merged);
    expect(isLaterState(later, row)).toBe(true);
    const retried = { ...row, eventStatus: 'pending' as const, updatedAt: new Date(Date.parse(row.updatedAt) + 1000).toISOString() };
    expect(isLaterState(retried, row)).toBe(true);
    expect(isLaterState(row, retried)).toBe(false);
  });
});
