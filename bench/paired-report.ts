/** The paired bench's Markdown report (bench/results/<stamp>-paired.md) and its entry in the results index. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadSummary } from './machine-load.ts';
import { describeMachine } from './machine.ts';
import { median, type Checkout, type PairedRun } from './paired.ts';
import { fileStamp } from './report.ts';
import { recordReport } from './results-index.ts';
import { round } from './stats.ts';

export interface PairedReport {
  startedAt: string;
  dataset: { summaries: number };
  checkouts: Checkout[];
  settings: { limits: number[]; rounds: number; seconds: number; connections: number; path: string };
  runs: PairedRun[];
  load: LoadSummary;
}

/** "median (min–max)" of a field over runs. */
function spread(runs: PairedRun[], pick: (run: PairedRun) => number, digits: number): string {
  const values = runs.map(pick);
  if (values.length === 0) return '-';
  return `${round(median(values), digits)} (${round(Math.min(...values), digits)}–${round(Math.max(...values), digits)})`;
}

/** current ÷ baseline within each round (the two ran in the same minutes), as "median (min–max)". */
function pairedRatio(current: PairedRun[], baseline: PairedRun[], pick: (run: PairedRun) => number): string {
  const ratios = current.flatMap((c) => {
    const b = baseline.find((run) => run.round === c.round);
    return b && pick(b) > 0 ? [pick(c) / pick(b)] : [];
  });
  if (ratios.length === 0) return '-';
  return `${round(median(ratios), 2)} (${round(Math.min(...ratios), 2)}–${round(Math.max(...ratios), 2)})`;
}

export function pairedTables(report: Pick<PairedReport, 'checkouts' | 'settings' | 'runs'>): string[] {
  const [current, baseline] = report.checkouts;
  const table = [
    '| limit | checkout | req/s | server CPU ms/page | PostgreSQL ms/page | client ms/page | machine ms/page | p50 ms | p99 ms |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const ratios = ['| limit | req/s, current ÷ baseline | server CPU per page, current ÷ baseline |', '|---:|---:|---:|'];
  for (const limit of report.settings.limits) {
    for (const checkout of report.checkouts) {
      const runs = report.runs.filter((r) => r.limit === limit && r.checkout === checkout.label);
      table.push(
        `| ${limit} | ${checkout.label} | ${spread(runs, (r) => r.rps, 0)} | ${spread(runs, (r) => r.server, 3)} | ${spread(runs, (r) => r.database, 3)} | ` +
          `${spread(runs, (r) => r.client, 3)} | ${spread(runs, (r) => r.machine, 3)} | ${spread(runs, (r) => r.p50, 1)} | ${spread(runs, (r) => r.p99, 1)} |`,
      );
    }
    if (current && baseline) {
      const of = (c: Checkout) => report.runs.filter((r) => r.limit === limit && r.checkout === c.label);
      ratios.push(`| ${limit} | ${pairedRatio(of(current), of(baseline), (r) => r.rps)} | ${pairedRatio(of(current), of(baseline), (r) => r.server)} |`);
    }
  }
  return [...table, '', ...ratios];
}

export function writePairedReport(report: PairedReport, outDir = 'bench/results'): string {
  const machine = describeMachine();
  const { load, settings } = report;
  const othersPerRun = report.runs.map((r) => r.othersCores);
  const lines = [
    `# Paired bench: ${report.checkouts.map((c) => c.label).join(' vs ')} (${settings.path}, page 1, PostgreSQL)`,
    '',
    `${report.startedAt}; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}; ${report.dataset.summaries} summaries.`,
    `Each round starts one server process per checkout in turn (order alternating between rounds), warms it for 2 s, then loads`,
    `page 1 with autocannon, ${settings.connections} connections, ${settings.seconds} s per limit; ${settings.rounds} rounds. Medians over the rounds, range in brackets.`,
    `CPU per page: the server process's user + system time (/proc) over the pages answered; PostgreSQL: the bench database's backends;`,
    `client: the load generator (this process); machine: every busy CPU second of the machine (/proc/stat), others' included.`,
    '',
    '## How loaded the machine was',
    '',
    `- load average (1 min, sampled every second): ${load.loadMin}–${load.loadMax}, mean ${load.loadMean}, on ${load.cores} cores;`,
    `- other processes (the machine's busy CPU minus the server, its database backends and the load generator) used ` +
      `${round(median(othersPerRun), 2)} cores per run at the median (${round(Math.min(...othersPerRun), 2)}–${round(Math.max(...othersPerRun), 2)});`,
    `- the busiest other processes over the ${Math.round(load.wallSeconds)} s (CPU seconds, alive at the end): ` +
      (load.topOthers.length ? load.topOthers.map((p) => `\`${p.command}\` ${p.cpuSeconds} s`).join(', ') : 'none') +
      '.',
    '',
    'Req/s moves with the others\' load (they take cores the server would use); CPU per page much less so.',
    '',
    '## Results',
    '',
    ...pairedTables(report),
    '',
    '## Runs',
    '',
    '| round | checkout | limit | req/s | server ms | PostgreSQL ms | client ms | machine ms | others (cores) | load |',
    '|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...report.runs.map((r) => `| ${r.round} | ${r.checkout} | ${r.limit} | ${r.rps} | ${r.server} | ${r.database} | ${r.client} | ${r.machine} | ${r.othersCores} | ${r.load} |`),
    '',
  ];
  const file = `${fileStamp(report.startedAt)}-paired.md`;
  writeFileSync(path.join(outDir, file), lines.join('\n'));
  console.log(`\n${pairedTables(report).join('\n')}\n\nload average ${load.loadMin}–${load.loadMax}; others ${round(median(othersPerRun), 2)} cores at the median; wrote ${path.join(outDir, file)}`);
  const baseline = report.checkouts[1]?.label ?? '';
  const serverMs = (label: string, limit: number) => round(median(report.runs.filter((r) => r.checkout === label && r.limit === limit).map((r) => r.server)), 2);
  recordReport(outDir, {
    configuration: `paired ${settings.path} vs ${baseline.split(' ')[0] ?? baseline}`,
    files: [file],
    date: report.startedAt,
    headline:
      settings.limits
        .map((limit) => `limit=${limit}: server CPU ${report.checkouts.map((c) => `${serverMs(c.label, limit)} ms (${c.label.split(' (')[0]})`).join(' vs ')}`)
        .join('; ') + `; load average ${load.loadMin}–${load.loadMax}`,
    how: `npm run bench -- --baseline ${baseline.split(' ')[0] ?? ''} --database-url URL`,
  });
  return file;
}
