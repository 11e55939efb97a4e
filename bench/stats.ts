/** Latency samples (milliseconds) reduced to the figures every report row shows. */
export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** completed requests per second over the measured wall time */
  rps: number;
  /** answers other than 2xx (always 0 for direct SQL, which throws instead) */
  errors: number;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

export function summarize(samples: readonly number[], wallMs: number, errors = 0): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    rps: wallMs > 0 ? (sorted.length * 1000) / wallMs : 0,
    errors,
  };
}

export const round = (n: number, digits = 1): number => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);
