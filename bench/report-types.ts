import type { Endpoint, PageKind } from './cases.ts';
import type { Dataset } from './dataset.ts';
import type { Interaction } from './browser.ts';
import type { MachineInfo } from './machine.ts';
import type { LatencyStats } from './stats.ts';
import type { Verdict } from './targets.ts';
import type { ExportResult } from './export-phase.ts';

export interface CaseResult {
  endpoint: Endpoint;
  label: string;
  page: PageKind;
  params: Record<string, string>;
  url: string;
  /** X-Total-Count of the view */
  total: number | null;
  api: LatencyStats;
  sql: LatencyStats | null;
  /** API req/s ÷ SQL req/s (one connection each) */
  rpsRatio: number | null;
  /** API p50 ÷ SQL p50 */
  p50Ratio: number | null;
  p95LimitMs: number | null;
  p95Verdict: Verdict;
  ratioVerdict: Verdict;
}

export interface ConcurrentResult {
  url: string;
  connections: number;
  stats: LatencyStats;
}

export interface BrowserSection {
  interactions: Interaction[];
  error: string | null;
}

export interface PlanSection {
  url: string;
  why: string;
  statements: { sql: string; params: unknown[]; plan: string }[];
}

export interface BenchReport {
  startedAt: string;
  wallSeconds: number;
  quick: boolean;
  machine: MachineInfo;
  dataset: Dataset;
  settings: { seconds: number; minRequests: number; concurrentSeconds: number; connections: number | string; browserRepeats: number; /** --only: the cases measured (absent: every case) */ only?: string };
  memory: { startMb: number; peakRssMb: number; hwmMb: number };
  cases: CaseResult[];
  concurrent: ConcurrentResult[];
  /** CSV exports of the whole lists (issue 11: 1 000 000 rows in under 60 s) */
  exports?: ExportResult[];
  browser: BrowserSection;
  plans: PlanSection[];
}
