/**
 * `npm run bench:side-by-side -- [label=]report.json [label=]report.json ... [--out DIR]`: sets two or more
 * `npm run bench` JSON reports (e.g. PGlite and PostgreSQL at 1 M, PostgreSQL at 10 M) side by side in one
 * Markdown report, bench/results/<stamp>-side-by-side.md, and prints it. See bench/README.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileStamp, isMiss } from './report.ts';
import { recordReport } from './results-index.ts';
import type { BenchReport } from './report-types.ts';
import { sideBySideMarkdown, type LabelledReport } from './side-by-side-tables.ts';
import { round } from './stats.ts';

const usage = `usage: npm run bench:side-by-side -- [LABEL=]REPORT.json [LABEL=]REPORT.json ... [--out DIR]
  REPORT.json   a report of \`npm run bench\` (bench/results/<stamp>-<N>-<engine>.json); two or more, in column order
  LABEL=        the column's name (default: engine and size, e.g. "PostgreSQL 1 M")
  --out DIR     results folder (default bench/results)`;

/** "PGlite 1 M", "PostgreSQL 10 M partitioned", "PGlite 20 k quick". */
function defaultLabel(r: BenchReport): string {
  const n = r.dataset.summaries;
  const size = n >= 1e6 ? `${round(n / 1e6, 1)} M` : n >= 1e3 ? `${round(n / 1e3, 1)} k` : String(n);
  return `${r.dataset.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${size}${r.dataset.partitioned ? ' partitioned' : ''}${r.quick ? ' quick' : ''}`;
}

function readReport(file: string): BenchReport {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const ok = typeof parsed === 'object' && parsed !== null && 'cases' in parsed && Array.isArray(parsed.cases) && 'concurrent' in parsed && 'dataset' in parsed;
  if (!ok) throw new Error(`${file} is not a report of \`npm run bench\` (soak and ingest reports have no cases)`);
  return parsed as BenchReport;
}

/** `label=file` or `file`; a label never contains a path separator, so `a/b=c.json` is a file. */
function readArgument(argument: string): { label: string | null; file: string } {
  const at = argument.indexOf('=');
  const label = at > 0 ? argument.slice(0, at) : '';
  return label && !label.includes('/') ? { label, file: argument.slice(at + 1) } : { label: null, file: argument };
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string', default: 'bench/results' }, help: { type: 'boolean' } } });
  if (values.help || positionals.length < 2) {
    console.log(usage);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const all: LabelledReport[] = positionals.map(readArgument).map(({ label, file }) => {
    const report = readReport(file);
    return { label: label ?? defaultLabel(report), file: path.basename(file), report };
  });
  for (const [i, a] of all.entries()) if (all.findIndex((b) => b.label === a.label) !== i) a.label = `${a.label} (${i + 1})`;
  const generatedAt = new Date().toISOString();
  const markdown = sideBySideMarkdown(all, generatedAt);
  mkdirSync(values.out, { recursive: true });
  const out = path.join(values.out, `${fileStamp(generatedAt)}-side-by-side.md`);
  writeFileSync(out, markdown);
  recordReport(values.out, {
    configuration: 'side-by-side',
    files: [path.basename(out)],
    date: generatedAt,
    headline: all.map((a) => `${a.label}: ${a.report.cases.filter(isMiss).length} of ${a.report.cases.length} rows miss`).join('; '),
    how: 'npm run bench:side-by-side -- a.json b.json [LABEL=c.json]',
  });
  console.log(markdown);
  console.error(`bench: wrote ${out}`);
}

main();
