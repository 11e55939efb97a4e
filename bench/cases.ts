import { summaryOrderFields } from '../src/contract/enums.ts';
import type { Samples } from '../src/server/db/explain-views.ts';

/** summary and event: the single-item routes, their id in params.id (the path, not the query) */
export type Endpoint = 'summaries' | 'events' | 'stats' | 'merchants' | 'summary' | 'event' | 'health';
/** page1: target p95 < 20 ms; deep and last: p95 < 100 ms; stats: p95 < 100 ms; ceiling: GET /health, the framework's own cost */
export type PageKind = 'page1' | 'deep' | 'last' | 'stats' | 'ceiling';

export interface BenchCase {
  endpoint: Endpoint;
  /** what varies: "filter status=approved", "sort amount asc", "none" */
  label: string;
  params: Record<string, string>;
  page: PageKind;
}

export const pathOf: Record<Endpoint, string> = {
  summaries: '/v1/transactions/summaries',
  events: '/v1/events',
  stats: '/v1/transactions/stats',
  merchants: '/v1/merchants',
  summary: '/v1/transactions/summaries/',
  event: '/v1/events/',
  health: '/health',
};

export function caseUrl(c: BenchCase): string {
  if (c.endpoint === 'summary' || c.endpoint === 'event') return `${pathOf[c.endpoint]}${c.params.id ?? ''}`;
  const query = new URLSearchParams(c.params).toString();
  return `${pathOf[c.endpoint]}${query ? `?${query}` : ''}`;
}

/** Values seen in the data (the newest rows): a real amount, BIN, last digits, day and week; shared with the EXPLAIN tool. */
export type { Samples };

const dayOf = (iso: string) => iso.slice(0, 10);
function weekUpTo(iso: string): string {
  const to = dayOf(iso);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  return `${from}..${to}`;
}

export function samplesFrom(summaries: { amount: string; createdAt?: string; card: { firstDigits: string; lastDigits: string } | null }[], events: { createdAt: string }[]): Samples {
  const carded = summaries.find((s) => s.card !== null);
  const newest = summaries[0]?.createdAt ?? new Date().toISOString();
  const newestEvent = events[0]?.createdAt ?? newest;
  return {
    amount: carded?.amount ?? summaries[0]?.amount ?? '100.00',
    binPrefix: carded?.card?.firstDigits.slice(0, 4) ?? '4',
    lastDigits: carded?.card?.lastDigits ?? '0000',
    day: dayOf(newest),
    week: weekUpTo(newest),
    eventDay: dayOf(newestEvent),
    eventWeek: weekUpTo(newestEvent),
  };
}

/** The filter matrix: every filter alone, on the default order (created_at desc). */
export function summaryFilters(s: Samples): [string, Record<string, string>][] {
  return [
    ['none', {}],
    ['status=approved', { status: 'approved' }],
    ['acquirer=cielo', { acquirer: 'cielo' }],
    ['payment_method=credit_card', { payment_method: 'credit_card' }],
    ['card_brand=visa', { card_brand: 'visa' }],
    [`amount=${s.amount} (exact)`, { amount: s.amount }],
    ['amount=100..500 (range)', { amount: '100..500' }],
    [`created_at=${s.day} (day)`, { created_at: s.day }],
    [`created_at=${s.week} (7 days)`, { created_at: s.week }],
    [`card_first_digits=${s.binPrefix} (prefix)`, { card_first_digits: s.binPrefix }],
    [`card_last_digits=${s.lastDigits}`, { card_last_digits: s.lastDigits }],
  ];
}

export function eventFilters(s: Samples): [string, Record<string, string>][] {
  return [
    ['none', {}],
    ['event_status=processed', { event_status: 'processed' }],
    ['event_status=failed', { event_status: 'failed' }],
    ['event_type=payment.completed', { event_type: 'payment.completed' }],
    [`created_at=${s.eventDay} (day)`, { created_at: s.eventDay }],
    [`created_at=${s.eventWeek} (7 days)`, { created_at: s.eventWeek }],
  ];
}

/** Every order except the default (which the "none" filter row already measures). */
export function summarySorts(): [string, Record<string, string>][] {
  return summaryOrderFields.flatMap((field) =>
    (['asc', 'desc'] as const)
      .filter((dir) => !(field === 'created_at' && dir === 'desc'))
      .map((dir): [string, Record<string, string>] => [`sort ${field} ${dir}`, { order_by: field, order_direction: dir }]),
  );
}

export const eventSorts = (): [string, Record<string, string>][] => [['sort created_at asc', { order_by: 'created_at', order_direction: 'asc' }]];

export const deepPage = 500;
export const pageLimit = 20;

/**
 * Page 1 and a deep page (page 500 at limit 20, or the last page when fewer match) of each view, plus the
 * last page of the unfiltered lists, whose OFFSET is the largest there is.
 */
export function pagesOf(endpoint: Endpoint, label: string, params: Record<string, string>, total: number, withLast: boolean): BenchCase[] {
  const lastPage = Math.max(1, Math.ceil(total / pageLimit));
  const base = { ...params, limit: String(pageLimit) };
  const out: BenchCase[] = [{ endpoint, label, params: { ...base, page: '1' }, page: 'page1' }];
  const deep = Math.min(deepPage, lastPage);
  if (deep > 1) out.push({ endpoint, label, params: { ...base, page: String(deep) }, page: 'deep' });
  if (withLast && lastPage > deepPage) out.push({ endpoint, label, params: { ...base, page: String(lastPage) }, page: 'last' });
  return out;
}

/** The 30 days up to the newest row's day (a date `to` includes its whole day). */
function thirtyDaysUpTo(day: string): string {
  const from = new Date(Date.parse(`${day}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return `${from}..${day}`;
}

/** GET /v1/transactions/stats (issue 11): a 30-day range as the overview asks for it, and variants. Target p95 < 100 ms. */
export function statsCases(s: Samples): BenchCase[] {
  const month = thirtyDaysUpTo(s.day);
  const sp = { tz: 'America/Sao_Paulo' };
  const rows: [string, Record<string, string>][] = [
    ['30 days, day buckets, vs previous period', { created_at: month, bucket: 'day', compare: 'previous_period', ...sp }],
    ['30 days, hour buckets', { created_at: month, bucket: 'hour', ...sp }],
    ['30 days, status=approved', { created_at: month, status: 'approved', ...sp }],
    ['30 days, acquirer=cielo', { created_at: month, acquirer: 'cielo', ...sp }],
    [`7 days (${s.week}), hour buckets`, { created_at: s.week, bucket: 'hour', ...sp }],
    ['all time, week buckets', { bucket: 'week', ...sp }],
  ];
  return rows.map(([label, params]) => ({ endpoint: 'stats', label, params, page: 'stats' }));
}

/** Identifiers of one real sale and one real event (support lookups: `q`, the single-item routes, a merchant). */
export interface Lookups {
  summaryId: string;
  gatewayId: string;
  cycleGatewayId: string;
  rrn: string;
  stan: string;
  authorizationCode: string;
  merchantId: string;
  eventId: string;
  eventTransactionId: string;
}

interface LookupSummary {
  id?: string;
  gatewayTransactionId: string;
  merchantId?: string;
  cycles: { gatewayTransactionId: string; retrievalReferenceNumber: string | null; systemTraceAuditNumber: string | null; authorizationCode: string | null }[];
}

/** The lookup identifiers, from the first summary with an approved card cycle and the newest event. */
export function lookupsFrom(summaries: LookupSummary[], events: { eventId: string; id: string }[]): Lookups | null {
  for (const s of summaries) {
    const c = s.cycles.find((x) => x.authorizationCode && x.retrievalReferenceNumber && x.systemTraceAuditNumber);
    const e = events[0];
    if (!c || !s.id || !s.merchantId || !e) continue;
    return {
      summaryId: s.id,
      gatewayId: s.gatewayTransactionId,
      cycleGatewayId: c.gatewayTransactionId,
      rrn: c.retrievalReferenceNumber ?? '',
      stan: c.systemTraceAuditNumber ?? '',
      authorizationCode: c.authorizationCode ?? '',
      merchantId: s.merchantId,
      eventId: e.eventId,
      eventTransactionId: e.id,
    };
  }
  return null;
}

/** Support lookups, each a page 1 (target p95 < 20 ms): every kind of `q`, q with filters and a sort, the single-item routes. */
export function lookupCases(l: Lookups): BenchCase[] {
  const page = { limit: String(pageLimit), page: '1' };
  const list = (endpoint: Endpoint, label: string, params: Record<string, string>): BenchCase => ({ endpoint, label, params: { ...params, ...page }, page: 'page1' });
  return [
    list('summaries', 'q=summary id', { q: l.summaryId }),
    list('summaries', 'q=gateway id (summary)', { q: l.gatewayId }),
    list('summaries', 'q=gateway id (cycle)', { q: l.cycleGatewayId }),
    list('summaries', 'q=RRN', { q: l.rrn }),
    list('summaries', 'q=STAN', { q: l.stan }),
    list('summaries', 'q=authorization code', { q: l.authorizationCode }),
    list('summaries', 'q=unknown', { q: 'ZZZZ0000NOMATCH' }),
    list('summaries', 'q=RRN + status=denied + sort amount asc', { q: l.rrn, status: 'denied', order_by: 'amount', order_direction: 'asc' }),
    list('summaries', 'merchant_id', { merchant_id: l.merchantId }),
    list('summaries', 'merchant_id + status=denied', { merchant_id: l.merchantId, status: 'denied' }),
    { endpoint: 'summary', label: 'GET summary by id', params: { id: l.summaryId }, page: 'page1' },
    list('events', 'q=eventId', { q: l.eventId }),
    list('events', 'q=transaction id', { q: l.eventTransactionId }),
    list('events', 'q=RRN', { q: l.rrn }),
    list('events', 'q=authorization code', { q: l.authorizationCode }),
    list('events', 'summary_id', { summary_id: l.eventTransactionId }),
    list('events', 'merchant_id', { merchant_id: l.merchantId }),
    { endpoint: 'event', label: 'GET event by eventId', params: { id: l.eventId }, page: 'page1' },
  ];
}
