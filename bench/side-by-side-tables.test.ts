import { describe, expect, it } from 'vitest';
import type { PageKind } from './cases.ts';
import type { BenchReport, CaseResult, ConcurrentResult } from './report-types.ts';
import { joinBy, sideBySideMarkdown } from './side-by-side-tables.ts';
import type { LatencyStats } from './stats.ts';
import type { Verdict } from './targets.ts';

const stats = (p50: number, p95: number, rps: number, errors = 0): LatencyStats => ({ count: 100, p50, p95, p99: p95 * 2, max: p95 * 3, rps, errors });

function benchCase(endpoint: CaseResult['endpoint'], label: string, page: PageKind, pageNumber: number, api: LatencyStats, p95Verdict: Verdict): CaseResult {
  return { endpoint, label, page, params: { page: String(pageNumber) }, url: `/v1/${endpoint}?page=${pageNumber}`, total: 1000, api, sql: null, rpsRatio: null, p50Ratio: null, p95LimitMs: 100, p95Verdict, ratioVerdict: '-' };
}

// every date is relative to now: the report was generated now, its runs started hours before, and each stats
// window ends on its dataset's newest day
const anchor = Date.now();
const day = (offset: number): string => new Date(anchor + offset * 86_400_000).toISOString().slice(0, 10);
const week = (end: number): string => `7 days (${day(end - 6)}..${day(end)}), hour buckets`;

const throughput = (connections: number, rps: number): ConcurrentResult => ({ url: '/v1/transactions/summaries?limit=20&page=1', connections, stats: stats(40, 90, rps, 0) });

function report(kind: 'pglite' | 'postgres', summaries: number, cases: CaseResult[], concurrent: ConcurrentResult[], exported: number): BenchReport {
  return {
    startedAt: new Date(anchor - 5 * 3_600_000).toISOString(),
    wallSeconds: 240.4,
    quick: false,
    machine: { cpuModel: 'test', cores: 2, memoryGb: 4, node: 'v20', platform: 'Linux', loadAverage: [4.8, 7.03, 8.9] },
    dataset: { kind, summaries, seedSeconds: kind === 'postgres' ? 192.4 : null, recordedSeedSeconds: kind === 'pglite' ? 718.7 : null, organizationId: 'org' },
    settings: { seconds: 3, minRequests: 3, concurrentSeconds: 5, connections: '8, 64, 256', browserRepeats: 20 },
    memory: { startMb: 100, peakRssMb: 300, hwmMb: 310 },
    cases,
    concurrent,
    exports: exported ? [{ url: '/v1/events', dialect: 'rfc4180', status: 200, rows: exported, bytes: 1e6, seconds: 20, firstByteSeconds: 0.1 }] : [],
    browser: { interactions: [], error: 'skipped (--no-browser)' },
    plans: [],
  };
}

const pglite = report(
  'pglite',
  1_000_000,
  [
    benchCase('summaries', 'none', 'page1', 1, stats(4.25, 12.5, 180), 'ok'),
    benchCase('summaries', 'none', 'last', 50_000, stats(130, 160, 7), 'MISS'),
    benchCase('events', 'status=failed', 'page1', 1, stats(3, 8, 250), 'ok'),
    benchCase('stats', week(-1), 'stats', 1, stats(14.6, 20.4, 62), 'ok'),
  ],
  [throughput(8, 61), throughput(64, 44)],
  0,
);
const postgres = report(
  'postgres',
  10_000_000,
  [
    benchCase('summaries', 'none', 'page1', 1, stats(2.5, 6, 350), 'ok'),
    benchCase('summaries', 'none', 'last', 500_000, stats(40, 55.25, 24), 'ok'),
    benchCase('stats', 'hour', 'stats', 1, stats(20, 30, 45), 'ok'),
    benchCase('stats', week(0), 'stats', 1, stats(3.69, 8.86, 223), 'ok'),
  ],
  [throughput(8, 183), throughput(64, 172), throughput(256, 150)],
  1_068_000,
);
const markdown = sideBySideMarkdown(
  [
    { label: 'PGlite 1 M', file: 'a-pglite.json', report: pglite },
    { label: 'PostgreSQL 10 M', file: 'b-postgres.json', report: postgres },
  ],
  new Date(anchor).toISOString(),
);
const lines = markdown.split('\n');
/** The cells of the table row that starts with these cells. */
function row(...start: string[]): string[] {
  const found = lines.filter((line) => line.startsWith(`| ${start.join(' | ')} |`));
  expect(found).toHaveLength(1);
  return (found[0] ?? '').slice(2, -2).split(' | ');
}

describe('side-by-side report', () => {
  it('joins the cases by endpoint, view and page, each report with its own p50, p95, req/s and target', () => {
    expect(row('summaries', 'none', 'page1 (1)')).toEqual(['summaries', 'none', 'page1 (1)', '4.25', '12.5', '180', 'ok', '2.5', '6', '350', 'ok']);
    expect(row('summaries', 'none', 'last (50000) / last (500000)')).toEqual(['summaries', 'none', 'last (50000) / last (500000)', '130', '160', '7', '**MISS** (p95 < 100)', '40', '55.3', '24', 'ok']);
  });

  it('shows "-" for the report that lacks a row, and keeps the first report\'s order', () => {
    expect(row('events', 'status=failed').slice(3)).toEqual(['3', '8', '250', 'ok', '-', '-', '-', '-']);
    expect(row('stats', 'hour').slice(3)).toEqual(['-', '-', '-', '-', '20', '30', '45', 'ok']);
    const order = ['| summaries | none | page1', '| summaries | none | last', '| events |', '| stats |'].map((start) => lines.findIndex((line) => line.startsWith(start)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('joins views whose labels differ only in their calendar days (windows ending at each dataset\'s newest row)', () => {
    expect(row('stats', `${week(-1)} / ${week(0)}`).slice(3)).toEqual(['14.6', '20.4', '62', 'ok', '3.69', '8.86', '223', 'ok']);
  });

  it('sets the throughput runs side by side per connection count', () => {
    expect(row('`/v1/transactions/summaries?limit=20&page=1`', '64').slice(2)).toEqual(['44', '40', '180', '0', '172', '40', '180', '0']);
    expect(row('`/v1/transactions/summaries?limit=20&page=1`', '256').slice(2)).toEqual(['-', '-', '-', '-', '150', '40', '180', '0']);
  });

  it('shows exports when one report has them and leaves out the dashboard when none measured it', () => {
    expect(row('`/v1/events`').slice(1)).toEqual(['-', '-', '-', '1068000', '20', '53400']);
    expect(markdown).not.toContain('## Dashboard');
  });

  it('states each run and its misses', () => {
    expect(lines).toContain('- **PGlite 1 M**: 1 of 4 rows miss a target.');
    expect(lines).toContain('- **PostgreSQL 10 M**: 0 of 4 rows miss a target.');
    expect(row('summaries', '1,000,000').slice(2)).toEqual(['10,000,000']);
    expect(row('seed').slice(1)).toEqual(['reused (it took 718.7 s)', 'took 192.4 s in this run']);
  });
});

describe('joinBy', () => {
  it('joins a key repeated within one list by occurrence', () => {
    const joined = joinBy([['a:1', 'a:2', 'b:1'], ['b:9', 'a:9']], (s) => s.split(':')[0] ?? '');
    expect(joined).toEqual([
      ['a:1', 'a:9'],
      ['a:2', undefined],
      ['b:1', 'b:9'],
    ]);
  });
});
