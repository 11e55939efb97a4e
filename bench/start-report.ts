import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MachineInfo } from './machine.ts';
import { fileStamp, num } from './report.ts';
import { recordReport } from './results-index.ts';
import { targets } from './targets.ts';

export interface StartRun {
  /** from the spawn to the first /health/live answer */
  seconds: number;
  /** VmRSS of the server process right after it answered, MB */
  serverRssMb: number;
  /** VmRSS of the server 5 s later, idle: Node 24 returns the memory of PGlite's start-up by then */
  settledRssMb: number;
  /** VmRSS summed over the started process and all its descendants (npm, shell, launchers, server), MB */
  treeRssMb: number;
  processes: number;
  /** the server's command line */
  server: string;
  /** the version of the Node that runs the server */
  serverNode: string;
}

export interface StartSeries {
  command: string;
  runs: StartRun[];
  medianSeconds: number;
}

export interface StartReport {
  startedAt: string;
  machine: MachineInfo;
  revision: string;
  dir: string;
  first: StartRun;
  series: StartSeries[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? Number.NaN;

function row(label: string, run: StartRun): string {
  return `| ${label} | ${num(run.seconds, 2)} s | ${num(run.serverRssMb)} MB | ${num(run.settledRssMb)} MB | ${num(run.treeRssMb)} MB (${run.processes} processes) | \`${run.server}\` (Node ${run.serverNode}) |`;
}

export function startMarkdown(r: StartReport): string {
  const lines = [
    `# Start time ${r.startedAt.slice(0, 16).replace('T', ' ')} UTC: revision ${r.revision}`,
    '',
    `Machine: ${r.machine.cpuModel}, ${r.machine.cores} cores, ${r.machine.memoryGb} GB, bench on Node ${r.machine.node}; load average at start ${r.machine.loadAverage.join(' / ')} (1/5/15 min; above the core count, other work skews every figure).`,
    `Each start is timed from the spawn to the first \`GET /health/live\` answer (polled every 20 ms) on PGlite data that exists (the demo data of the first start); memory is VmRSS read then, and the server's again 5 s later (idle). Target: a second \`npm start\` listens in < ${targets.secondStartSeconds} s.`,
    '',
    '| start | listening after | server RSS then | 5 s later | whole process tree then | server process |',
    '|---|--:|--:|--:|--:|---|',
    row('first `npm start` (fresh data folder)', r.first),
  ];
  for (const s of r.series) s.runs.forEach((run, i) => lines.push(row(`\`${s.command}\` #${i + 1}`, run)));
  lines.push('');
  for (const s of r.series) {
    const verdict = s.command === 'npm start' ? (s.medianSeconds < targets.secondStartSeconds ? ' (target: ok)' : ' (target: **MISS**)') : '';
    lines.push(`- \`${s.command}\` on existing data: median ${num(s.medianSeconds, 2)} s over ${s.runs.length} starts${verdict}.`);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes <stamp>-start.{json,md} and makes them the current start report in the results index; returns the paths. */
export function writeStartReport(outDir: string, report: StartReport): string[] {
  mkdirSync(outDir, { recursive: true });
  const stem = `${fileStamp(report.startedAt)}-start`;
  writeFileSync(path.join(outDir, `${stem}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(outDir, `${stem}.md`), startMarkdown(report));
  const index = recordReport(outDir, {
    configuration: 'start time (PGlite, demo data)',
    files: [`${stem}.md`, `${stem}.json`],
    date: report.startedAt,
    headline: `revision ${report.revision}: ${report.series.map((s) => `${s.command} (Node ${s.runs[0]?.serverNode ?? '?'}) median ${num(s.medianSeconds, 2)} s, server RSS ${num(median(s.runs.map((r) => r.serverRssMb)))} MB at listening and ${num(median(s.runs.map((r) => r.settledRssMb)))} MB settled`).join('; ')}; load average ${report.machine.loadAverage[0] ?? '-'} at start`,
    how: 'npm run bench -- --start',
  });
  return [path.join(outDir, `${stem}.md`), path.join(outDir, `${stem}.json`), index];
}
