import {
  caseUrl,
  eventFilters,
  eventSorts,
  lookupCases,
  lookupsFrom,
  statsCases,
  pagesOf,
  samplesFrom,
  summaryFilters,
  summarySorts,
  type BenchCase,
  type Endpoint,
  type Lookups,
  type Samples,
} from './cases.ts';
import { loadHttp, probe } from './http-load.ts';
import { merchantSearches } from './merchants.ts';
import type { ConcurrentResult } from './report-types.ts';
import { round, type LatencyStats } from './stats.ts';

export interface MeasuredCase {
  case: BenchCase;
  total: number | null;
  api: LatencyStats;
}

interface SummaryLike {
  amount: string;
  createdAt?: string;
  card: { firstDigits: string; lastDigits: string } | null;
}

/** Values to filter by, taken from the newest rows, plus distinct last-4s for the dashboard's filter timing. */
export async function sampleData(origin: string, headers: Record<string, string>): Promise<{ samples: Samples; lastDigits: string[]; lookups: Lookups | null }> {
  const summaries = await probe(`${origin}/v1/transactions/summaries?limit=100`, headers);
  const events = await probe(`${origin}/v1/events?limit=1`, headers);
  if (summaries.status !== 200 || events.status !== 200) throw new Error(`sampling failed: HTTP ${summaries.status} / ${events.status}`);
  const rows = summaries.body as SummaryLike[];
  const lastDigits = [...new Set(rows.flatMap((r) => (r.card ? [r.card.lastDigits] : [])))];
  const eventRows = events.body as { createdAt: string; eventId: string; id: string }[];
  return { samples: samplesFrom(rows, eventRows), lastDigits, lookups: lookupsFrom(summaries.body as Parameters<typeof lookupsFrom>[0], eventRows) };
}

/** The whole matrix; each view's X-Total-Count (one request, which also warms it) decides its deep and last pages. */
export async function buildCases(origin: string, headers: Record<string, string>, samples: Samples, lookups: Lookups | null, only?: string): Promise<BenchCase[]> {
  const cases: BenchCase[] = [{ endpoint: 'health', label: 'GET /health (framework ceiling)', params: {}, page: 'ceiling' }];
  const views: [Endpoint, [string, Record<string, string>][]][] = [
    ['summaries', [...summaryFilters(samples), ...summarySorts()]],
    ['events', [...eventFilters(samples), ...eventSorts()]],
    ['merchants', await merchantSearches(origin, headers)],
  ];
  if (lookups) cases.push(...lookupCases(lookups));
  for (const [endpoint, list] of views) {
    for (const [label, params] of list) {
      // --only lookups keeps the merchant searches (issue 10's lookups); any other --only skips the matrix
      if (only !== undefined && !(only === 'lookups' && endpoint === 'merchants')) continue;
      const first = await probe(`${origin}${caseUrl({ endpoint, label, params: { ...params, limit: '1' }, page: 'page1' })}`, headers);
      if (first.status !== 200) throw new Error(`${endpoint} ${label}: HTTP ${first.status} ${JSON.stringify(first.body)}`);
      const withLast = label === 'none' || (endpoint === 'events' && label.startsWith('sort'));
      cases.push(...pagesOf(endpoint, label, params, first.total ?? 0, withLast));
    }
  }
  cases.push(...statsCases(samples));
  return only === undefined || only === 'lookups' ? cases : cases.filter((c) => c.label.includes(only));
}

const fmt = (s: LatencyStats) => `p50 ${round(s.p50, 2)} ms  p95 ${round(s.p95, 2)} ms  ${round(s.rps)} req/s  n=${s.count}${s.errors ? `  non-2xx ${s.errors}` : ''}`;

export async function measureApi(origin: string, headers: Record<string, string>, cases: BenchCase[], seconds: number, minRequests: number): Promise<MeasuredCase[]> {
  const out: MeasuredCase[] = [];
  for (const [i, c] of cases.entries()) {
    const url = `${origin}${caseUrl(c)}`;
    const warm = await probe(url, c.endpoint === 'health' ? {} : headers);
    if (warm.status !== 200) throw new Error(`${caseUrl(c)}: HTTP ${warm.status} ${JSON.stringify(warm.body)}`);
    const api = await loadHttp({ url, headers, connections: 1, seconds, minRequests });
    console.error(`api ${i + 1}/${cases.length} ${caseUrl(c)}  ${fmt(api)}`);
    out.push({ case: c, total: warm.total, api });
  }
  return out;
}

/** Throughput with several connections: the framework ceiling and the unfiltered lists. */
export async function measureConcurrent(origin: string, headers: Record<string, string>, cases: BenchCase[], connectionCounts: number[], seconds: number): Promise<ConcurrentResult[]> {
  const picked = cases.filter((c) => c.endpoint === 'health' || (c.label === 'none' && c.page !== 'last'));
  const out: ConcurrentResult[] = [];
  for (const c of picked) {
    for (const connections of connectionCounts) {
      const stats = await loadHttp({ url: `${origin}${caseUrl(c)}`, headers, connections, seconds, minRequests: connections });
      console.error(`api x${connections} ${caseUrl(c)}  ${fmt(stats)}`);
      out.push({ url: caseUrl(c), connections, stats });
    }
  }
  return out;
}
