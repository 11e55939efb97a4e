import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserSection, CaseResult, ConcurrentResult, PlanSection } from './report-types.ts';
import type { BenchReport } from './report-types.ts';
import type { Dataset } from './dataset.ts';
import type { ExportResult } from './export-phase.ts';
import { round } from './stats.ts';
import { targets } from './targets.ts';
import { recordReport } from './results-index.ts';

/** Milliseconds as a table cell: two decimals under 10 ms, one above; '-' when unmeasured. */
export const ms = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '-' : String(round(n, n < 10 ? 2 : 1)));
export const num = (n: number | null | undefined, digits = 0) => (n === null || n === undefined || !Number.isFinite(n) ? '-' : String(round(n, digits)));
export const esc = (text: string) => text.replace(/\|/g, '\\|');
/** A case that misses its latency or its API/SQL ratio target. */
export const isMiss = (c: CaseResult): boolean => c.p95Verdict === 'MISS' || c.ratioVerdict === 'MISS';
/** The page column: `deep (500)`, `last (50000)`; '-' for the /health ceiling. */
export const pageLabel = (c: Pick<CaseResult, 'page' | 'params'>): string => (c.page === 'ceiling' ? '-' : `${c.page} (${c.params.page ?? 1})`);
/** 2026-11-24T00:32:41.740Z -> 2026-11-24-00-32, the prefix of every results file. */
export const fileStamp = (iso: string): string => iso.slice(0, 16).replace(/[:T]/g, '-');
/** The dataset's seed time as the reports state it: this run's, or the recorded one of a reused dataset. */
export const seedText = (d: Dataset): string =>
  d.seedSeconds !== null ? `took ${round(d.seedSeconds)} s in this run` : `reused (it took ${d.recordedSeedSeconds === null ? 'unknown' : `${round(d.recordedSeedSeconds)} s`})`;

function caseTable(rows: CaseResult[]): string[] {
  const out = [
    '| endpoint | view | page | rows | API p50 | API p95 | API p99 | API req/s | SQL p50 | SQL p95 | SQL req/s | req/s ratio | p50 ratio | p95 target | ratio target |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|---|',
  ];
  for (const r of rows) {
    out.push(
      `| ${r.endpoint} | ${esc(r.label)} | ${pageLabel(r)} | ${num(r.total)} | ${ms(r.api.p50)} | ${ms(r.api.p95)} | ${ms(r.api.p99)} | ${num(r.api.rps)} | ` +
        `${ms(r.sql?.p50)} | ${ms(r.sql?.p95)} | ${num(r.sql?.rps)} | ${num(r.rpsRatio, 2)} | ${num(r.p50Ratio, 2)} | ${r.p95Verdict === 'MISS' ? `**MISS** (<${r.p95LimitMs})` : r.p95Verdict} | ${r.ratioVerdict === 'MISS' ? '**MISS**' : r.ratioVerdict} |`,
    );
  }
  return out;
}

function concurrentTable(rows: ConcurrentResult[]): string[] {
  const out = ['| request | connections | p50 | p95 | p99 | req/s | non-2xx |', '|---|--:|--:|--:|--:|--:|--:|'];
  for (const r of rows) out.push(`| \`${esc(r.url)}\` | ${r.connections} | ${ms(r.stats.p50)} | ${ms(r.stats.p95)} | ${ms(r.stats.p99)} | ${num(r.stats.rps)} | ${r.stats.errors} |`);
  return out;
}

function exportTable(rows: ExportResult[] | undefined): string[] {
  if (!rows?.length) return ['Not measured.'];
  const out = ['| request (Accept: text/csv) | HTTP | rows | MB | first byte | total | rows/s | target 1 000 000 rows < 60 s |', '|---|--:|--:|--:|--:|--:|--:|---|'];
  for (const r of rows) {
    const projected = r.rows > 0 ? (r.seconds / r.rows) * 1_000_000 : Number.NaN;
    const verdict = Number.isFinite(projected) ? (projected < 60 ? 'ok' : '**MISS**') : '-';
    out.push(`| \`${esc(r.url)}\` | ${r.status} | ${num(r.rows)} | ${num(r.bytes / 1e6, 1)} | ${num(r.firstByteSeconds, 2)} s | ${num(r.seconds, 1)} s | ${num(r.rows / r.seconds)} | ${verdict} (${num(projected, 1)} s per 1 M) |`);
  }
  return out;
}

function browserTable(section: BrowserSection): string[] {
  if (section.error) return [`Not measured: ${section.error}`];
  const out = ['| interaction | n | p50 | p95 | max | timeouts | target p95 < 100 ms | how |', '|---|--:|--:|--:|--:|--:|---|---|'];
  for (const i of section.interactions) {
    const verdict = i.stats.count === 0 ? '-' : i.stats.p95 < targets.interactionP95Ms ? 'ok' : '**MISS**';
    out.push(`| ${i.name} | ${i.stats.count} | ${ms(i.stats.p50)} | ${ms(i.stats.p95)} | ${ms(i.stats.max)} | ${i.timeouts} | ${verdict} | ${i.how} |`);
  }
  return out;
}

function plansSection(plans: PlanSection[]): string[] {
  const out: string[] = [];
  for (const p of plans) {
    out.push(`### \`${p.url}\``, '', p.why, '');
    for (const s of p.statements) out.push('```sql', s.sql, `-- params: ${JSON.stringify(s.params)}`, '```', '```', s.plan, '```', '');
  }
  return out;
}

export function toMarkdown(r: BenchReport): string {
  const misses = r.cases.filter(isMiss);
  const memVerdict = r.memory.peakRssMb < targets.serverMemoryMb ? 'ok' : '**MISS**';
  return [
    `# Bench ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC: ${r.dataset.summaries.toLocaleString('en-US')} summaries on ${r.dataset.kind}${r.dataset.partitioned ? ' (monthly partitions)' : ''}${r.quick ? ' (quick)' : ''}`,
    '',
    `Machine: ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, Node ${r.machine.node}, ${r.machine.platform}; load average at start ${r.machine.loadAverage.join(' / ')} (1/5/15 min; above the core count, other work skews every figure).`,
    `Dataset: ${r.dataset.summaries} summaries, ${r.dataset.kind}; seed ${seedText(r.dataset)}.`,
    `Load: ${r.settings.seconds} s (at least ${r.settings.minRequests} requests) per case with 1 connection (autocannon for the API, a back-to-back loop for direct SQL); throughput runs ${r.settings.concurrentSeconds} s with ${r.settings.connections} connections. Whole bench: ${round(r.wallSeconds)} s.`,
    '',
    `Server memory: ${num(r.memory.startMb)} MB after start, peak RSS ${num(r.memory.peakRssMb)} MB (VmHWM ${num(r.memory.hwmMb)} MB), target < ${targets.serverMemoryMb} MB: ${memVerdict}.`,
    '',
    `Targets: page 1 p95 < ${targets.page1P95Ms} ms; deep/last page and stats p95 < ${targets.deepP95Ms} ms; API req/s >= ${targets.apiOverSqlRps} x SQL req/s; server memory < 1 GB; dashboard interaction p95 < ${targets.interactionP95Ms} ms.`,
    `**${misses.length} of ${r.cases.length} rows miss a target.**`,
    '',
    '## Misses (slowest API p95 first)',
    '',
    ...caseTable([...misses].sort((a, b) => b.api.p95 - a.api.p95)),
    '',
    '## Every case',
    '',
    ...caseTable(r.cases),
    '',
    '## Throughput (concurrent)',
    '',
    ...concurrentTable(r.concurrent),
    '',
    '## CSV export (whole list, streamed; server memory is in the peak RSS above)',
    '',
    ...exportTable(r.exports),
    '',
    '## Dashboard (Chromium, built bundle, input to painted rows)',
    '',
    ...browserTable(r.browser),
    '',
    '## Query plans of the misses (EXPLAIN ANALYZE, BUFFERS; direct on the same database)',
    '',
    ...(r.plans.length ? plansSection(r.plans) : ['None captured.']),
  ].join('\n');
}

/** The configuration a report measures: size, engine, and the options that change its rows. */
export function configurationOf(r: BenchReport): string {
  const d = r.dataset;
  return `bench ${d.summaries} ${d.kind}${d.partitioned ? ' partitioned' : ''}${r.quick ? ' quick' : ''}${r.settings.only === undefined ? '' : ` --only ${r.settings.only}`}`;
}

/** Writes <date>-<size>-<db>.json/.md under the results folder and makes them their configuration's current report in its index; returns the paths. */
export function writeReport(outDir: string, report: BenchReport): string[] {
  mkdirSync(outDir, { recursive: true });
  const stem = `${fileStamp(report.startedAt)}-${report.dataset.summaries}-${report.dataset.kind}${report.dataset.partitioned ? '-partitioned' : ''}${report.quick ? '-quick' : ''}`;
  const json = path.join(outDir, `${stem}.json`);
  const md = path.join(outDir, `${stem}.md`);
  writeFileSync(json, `${JSON.stringify(report, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`);
  writeFileSync(md, `${toMarkdown(report)}\n`);
  const misses = report.cases.filter(isMiss).length;
  const worstInteraction = [...report.browser.interactions].sort((a, b) => b.stats.p95 - a.stats.p95)[0];
  const index = recordReport(outDir, {
    configuration: configurationOf(report),
    files: [path.basename(md), path.basename(json)],
    date: report.startedAt,
    headline:
      `${misses} of ${report.cases.length} rows miss a target; peak server RSS ${num(report.memory.peakRssMb)} MB` +
      (worstInteraction ? `; slowest dashboard interaction p95 ${ms(worstInteraction.stats.p95)} ms (${worstInteraction.name})` : '') +
      `; load average ${report.machine.loadAverage[0] ?? '-'} at start, Node ${report.machine.node}`,
    how: `npm run bench -- --summaries ${report.dataset.summaries}${report.dataset.kind === 'postgres' ? ' --database-url URL' : ''}${report.quick ? ' --quick' : ''}${report.settings.only === undefined ? '' : ` --only ${report.settings.only}`}`,
  });
  return [json, md, index];
}
