import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeMachine } from './machine.ts';
import { fileStamp } from './report.ts';

/**
 * A short bench's Markdown report: the title, when and on what machine (with its load, which skews every
 * figure), how it was measured, the table and the run's own lines; printed and written to
 * bench/results/<stamp>-<kind>.md (its name is returned).
 */
export function writeShortReport(kind: string, title: string, method: string, table: readonly string[], log: readonly string[] = []): string {
  const machine = describeMachine();
  const started = new Date().toISOString();
  const report = [
    `# ${title}`,
    '',
    `${started}; ${machine.cpuModel}, ${machine.cores} cores (shared with PostgreSQL and the load generator), Node ${machine.node}; load average at start ${machine.loadAverage.join(' / ')}.`,
    method,
    '',
    ...table,
    '',
    ...(log.length > 0 ? ['```', ...log, '```', ''] : []),
  ].join('\n');
  console.log(`\n${table.join('\n')}`);
  const file = `${fileStamp(started)}-${kind}.md`;
  writeFileSync(path.join('bench/results', file), report);
  return file;
}
