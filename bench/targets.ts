import type { PageKind } from './cases.ts';
import type { LatencyStats } from './stats.ts';

/** Issue 4's targets (the second start's is issue 22's). Reported, never asserted. */
export const targets = {
  page1P95Ms: 20,
  deepP95Ms: 100,
  apiOverSqlRps: 0.5,
  serverMemoryMb: 1024,
  interactionP95Ms: 100,
  secondStartSeconds: 2,
} as const;

export type Verdict = 'ok' | 'MISS' | '-';

export function p95Limit(page: PageKind): number | null {
  if (page === 'page1') return targets.page1P95Ms;
  if (page === 'deep' || page === 'last' || page === 'stats') return targets.deepP95Ms;
  return null;
}

export function latencyVerdict(page: PageKind, stats: LatencyStats): Verdict {
  const limit = p95Limit(page);
  if (limit === null || stats.count === 0) return '-';
  return stats.p95 < limit ? 'ok' : 'MISS';
}

export function ratioVerdict(ratio: number | null): Verdict {
  if (ratio === null || !Number.isFinite(ratio)) return '-';
  return ratio >= targets.apiOverSqlRps ? 'ok' : 'MISS';
}
