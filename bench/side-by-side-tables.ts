/** The Markdown of bench/side-by-side.ts: several `npm run bench` reports joined row by row, one column group per report. */
import { esc, isMiss, ms, num, pageLabel, seedText } from './report.ts';
import type { BenchReport, CaseResult } from './report-types.ts';
import { round } from './stats.ts';

export interface LabelledReport {
  label: string;
  /** the JSON file it was read from (shown in the header) */
  file: string;
  report: BenchReport;
}

/**
 * The rows of several lists joined by key, in the order first seen (the first list's order, then rows only
 * later lists have): one entry per key with each list's row, undefined where a list lacks it. A key repeated
 * within one list is joined by occurrence (its second row with the other lists' second row).
 */
export function joinBy<T>(lists: readonly (readonly T[])[], key: (row: T) => string): (T | undefined)[][] {
  const keys = new Set<string>();
  const maps = lists.map((list) => {
    const byKey = new Map<string, T>();
    const seen = new Map<string, number>();
    for (const row of list) {
      const base = key(row);
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const k = n === 1 ? base : `${base}#${n}`;
      byKey.set(k, row);
      keys.add(k);
    }
    return byKey;
  });
  return [...keys].map((k) => maps.map((byKey) => byKey.get(k)));
}

interface Columns<T> {
  /** columns naming the row, filled from the first report that has it */
  head: string[];
  keyCells: (rows: (T | undefined)[], first: T) => string[];
  /** columns repeated per report */
  per: string[];
  cells: (row: T) => string[];
}

/** A joined table: the key columns, then each report's columns headed by its label; '-' where a report lacks the row. */
export function sideTable<T>(labels: string[], lists: readonly (readonly T[])[], key: (row: T) => string, c: Columns<T>): string[] {
  const out = [
    `| ${[...c.head, ...labels.flatMap((label) => c.per.map((p) => `${esc(label)} ${p}`))].join(' | ')} |`,
    `|${[...c.head.map(() => '---'), ...labels.flatMap(() => c.per.map(() => '--:'))].join('|')}|`,
  ];
  for (const rows of joinBy(lists, key)) {
    const first = rows.find((row) => row !== undefined);
    if (first === undefined) continue;
    out.push(`| ${[...c.keyCells(rows, first), ...rows.flatMap((row) => (row === undefined ? c.per.map(() => '-') : c.cells(row)))].join(' | ')} |`);
  }
  return out;
}

/** One target cell for both targets of a case: ok, '-' (no target), or **MISS** with what missed. */
export function verdictCell(c: CaseResult): string {
  const missed = [...(c.p95Verdict === 'MISS' ? [`p95 < ${c.p95LimitMs}`] : []), ...(c.ratioVerdict === 'MISS' ? [`ratio ${num(c.rpsRatio, 2)}`] : [])];
  if (missed.length) return `**MISS** (${missed.join(', ')})`;
  return c.p95Verdict === 'ok' || c.ratioVerdict === 'ok' ? 'ok' : '-';
}

/** Calendar days in a view's label (the stats windows end at each dataset's newest row): not part of its identity. */
const dates = /\d{4}-\d{2}-\d{2}/g;
/** The reports' values of one cell of a joined row, each once: `last (50000) / last (500000)`. */
const distinct = <T>(rows: (T | undefined)[], cell: (row: T) => string): string => [...new Set(rows.flatMap((row) => (row === undefined ? [] : [cell(row)])))].join(' / ');

const engine = (r: BenchReport): string => `${r.dataset.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${r.dataset.partitioned ? ' (monthly partitions)' : ''}`;

/** The runs themselves, one column each. */
function headerTable(all: LabelledReport[]): string[] {
  const rows: [string, (r: BenchReport, file: string) => string][] = [
    ['file', (_r, file) => `\`${esc(file)}\``],
    ['started (UTC)', (r) => r.startedAt.slice(0, 16).replace('T', ' ')],
    ['engine', (r) => `${engine(r)}${r.quick ? ' (quick)' : ''}`],
    ['summaries', (r) => r.dataset.summaries.toLocaleString('en-US')],
    ['seed', (r) => seedText(r.dataset)],
    ['load average at start (1/5/15 min)', (r) => `${r.machine.loadAverage.join(' / ')} on ${r.machine.cores} cores`],
    ['whole bench', (r) => `${round(r.wallSeconds)} s`],
    ['s per case / s per throughput run', (r) => `${r.settings.seconds} / ${r.settings.concurrentSeconds}`],
    ['peak server RSS', (r) => `${num(r.memory.peakRssMb)} MB`],
    ['rows missing a target', (r) => `${r.cases.filter(isMiss).length} of ${r.cases.length}`],
  ];
  return [
    `| | ${all.map((a) => esc(a.label)).join(' | ')} |`,
    `|---|${all.map(() => '---').join('|')}|`,
    ...rows.map(([name, cell]) => `| ${name} | ${all.map((a) => cell(a.report, a.file)).join(' | ')} |`),
  ];
}

/** The whole side-by-side report; `generatedAt` is an ISO instant. */
export function sideBySideMarkdown(all: LabelledReport[], generatedAt: string): string {
  const labels = all.map((a) => a.label);
  const reports = all.map((a) => a.report);
  const exports = reports.map((r) => r.exports ?? []);
  const interactions = reports.map((r) => r.browser.interactions);
  const cases = sideTable(labels, reports.map((r) => r.cases), (c) => `${c.endpoint} ${c.label.replace(dates, 'date')} ${c.page}`, {
    head: ['endpoint', 'view', 'page'],
    keyCells: (rows, c) => [c.endpoint, esc(distinct(rows, (row) => row.label)), distinct(rows, pageLabel)],
    per: ['p50', 'p95', 'req/s', 'target'],
    cells: (c) => [ms(c.api.p50), ms(c.api.p95), num(c.api.rps), verdictCell(c)],
  });
  const throughput = sideTable(labels, reports.map((r) => r.concurrent), (c) => `${c.url} ${c.connections}`, {
    head: ['request', 'connections'],
    keyCells: (_rows, c) => [`\`${esc(c.url)}\``, String(c.connections)],
    per: ['req/s', 'p50', 'p99', 'non-2xx'],
    cells: (c) => [num(c.stats.rps), ms(c.stats.p50), ms(c.stats.p99), String(c.stats.errors)],
  });
  return [
    `# Side by side: ${labels.join(', ')}`,
    '',
    `Generated ${generatedAt.slice(0, 16).replace('T', ' ')} UTC from ${all.length} \`npm run bench\` reports. The machine is shared: read each run's load average with its figures.`,
    '',
    ...all.map((a) => `- **${esc(a.label)}**: ${a.report.cases.filter(isMiss).length} of ${a.report.cases.length} rows miss a target.`),
    '',
    '## The runs',
    '',
    ...headerTable(all),
    '',
    '## Every case (API, 1 connection: p50/p95 ms, req/s, target)',
    '',
    ...cases,
    '',
    `## Throughput (concurrent: ${all.map((a) => `${esc(a.label)} at ${a.report.settings.connections} connections`).join('; ')})`,
    '',
    ...throughput,
    ...(exports.some((list) => list.length)
      ? ['', '## CSV export (whole list)', '', ...sideTable(labels, exports, (e) => e.url, { head: ['request'], keyCells: (_rows, e) => [`\`${esc(e.url)}\``], per: ['rows', 's', 'rows/s'], cells: (e) => [num(e.rows), num(e.seconds, 1), num(e.rows / e.seconds)] })]
      : []),
    ...(interactions.some((list) => list.length)
      ? [
          '',
          '## Dashboard (Chromium, input to painted rows, ms)',
          '',
          ...sideTable(labels, interactions, (i) => i.name, { head: ['interaction'], keyCells: (_rows, i) => [i.name], per: ['p95'], cells: (i) => [ms(i.stats.p95)] }),
          ...all.flatMap((a) => (a.report.browser.error ? ['', `${esc(a.label)}: not measured: ${a.report.browser.error}.`] : [])),
        ]
      : []),
    '',
  ].join('\n');
}
