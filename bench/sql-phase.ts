import { caseUrl } from './cases.ts';
import type { MeasuredCase } from './api-phase.ts';
import type { CaseResult, PlanSection } from './report-types.ts';
import { loadSql, openDirectSql } from './sql-load.ts';
import { round, type LatencyStats } from './stats.ts';
import { latencyVerdict, p95Limit, ratioVerdict } from './targets.ts';

export interface SqlPhase {
  dataDir: string;
  databaseUrl: string | undefined;
  organizationId: string;
  seconds: number;
  minRequests: number;
  runSql: boolean;
  explain: boolean;
}

function combine(m: MeasuredCase, sql: LatencyStats | null): CaseResult {
  const rpsRatio = sql && sql.rps > 0 ? m.api.rps / sql.rps : null;
  const p50Ratio = sql && sql.p50 > 0 ? m.api.p50 / sql.p50 : null;
  return {
    endpoint: m.case.endpoint,
    label: m.case.label,
    page: m.case.page,
    params: m.case.params,
    url: caseUrl(m.case),
    total: m.total,
    api: m.api,
    sql,
    rpsRatio,
    p50Ratio,
    p95LimitMs: p95Limit(m.case.page),
    p95Verdict: latencyVerdict(m.case.page, m.api),
    ratioVerdict: m.case.endpoint === 'health' ? '-' : ratioVerdict(rpsRatio),
  };
}

/**
 * Runs after the server has stopped (PGlite allows one process per folder): the same cases straight
 * through the query module, then EXPLAIN ANALYZE of every case that misses a latency target.
 */
export async function measureSql(phase: SqlPhase, measured: MeasuredCase[]): Promise<{ cases: CaseResult[]; plans: PlanSection[] }> {
  if (!phase.runSql) return { cases: measured.map((m) => combine(m, null)), plans: [] };
  const direct = await openDirectSql({ dataDir: phase.dataDir, databaseUrl: phase.databaseUrl }, { organizationId: phase.organizationId, merchantIds: null });
  try {
    const cases: CaseResult[] = [];
    for (const [i, m] of measured.entries()) {
      await direct.run(m.case);
      const sql = await loadSql(direct, m.case, phase.seconds, phase.minRequests);
      console.error(`sql ${i + 1}/${measured.length} ${caseUrl(m.case)}  p50 ${round(sql.p50, 2)} ms  p95 ${round(sql.p95, 2)} ms  ${round(sql.rps)} q/s`);
      cases.push(combine(m, sql));
    }
    const plans: PlanSection[] = [];
    if (phase.explain) {
      for (const [i, c] of cases.entries()) {
        const m = measured[i];
        if (!m || c.p95Verdict !== 'MISS') continue;
        const statements = await direct.statements(m.case);
        const explained = [];
        for (const s of statements) {
          const params = s.params.map((v) => (typeof v === 'bigint' ? v.toString() : v));
          // the query module's own planner probes (EXPLAIN ...) are shown as they are, not explained again
          const plan = /^\s*explain\b/i.test(s.sql)
            ? '(a planner estimate the query module runs itself)'
            : await direct.explain(s).catch((error: unknown) => `could not explain: ${error instanceof Error ? error.message : String(error)}`);
          explained.push({ sql: s.sql, params, plan });
        }
        const why = `API p95 ${round(c.api.p95)} ms (target < ${c.p95LimitMs} ms); direct SQL p95 ${round(c.sql?.p95 ?? Number.NaN)} ms.`;
        plans.push({ url: c.url, why, statements: explained });
      }
    }
    return { cases, plans };
  } finally {
    await direct.close();
  }
}
