/**
 * bench/results/: the latest report of each configuration, and README.md naming them, rendered from index.json.
 * Every report writer calls recordReport(): the configuration's previous report becomes a row of "Earlier runs"
 * (its headline numbers) and its files are deleted. A report written by hand gets an entry in index.json
 * (`current`, with `byHand: true`) and `npx tsx bench/results-index.ts` renders README.md again.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface IndexEntry {
  /** what was measured, the same for every run of it: e.g. "bench 1000000 postgres", "ingest every setup at 600/s" */
  configuration: string;
  /** the report's files, relative to the results folder */
  files: string[];
  /** when the run started (ISO, minutes are enough) */
  date: string;
  /** the numbers to remember when the report itself is gone */
  headline: string;
  /** how to run it again (a command), or what it is */
  how?: string;
  /** written by hand (an analysis, an A/B made once): no writer replaces it */
  byHand?: boolean;
}

export interface ResultsIndex {
  current: IndexEntry[];
  earlier: IndexEntry[];
}

const indexFile = (dir: string) => path.join(dir, 'index.json');

export function readIndex(dir: string): ResultsIndex {
  if (!existsSync(indexFile(dir))) return { current: [], earlier: [] };
  return JSON.parse(readFileSync(indexFile(dir), 'utf8')) as ResultsIndex;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const links = (files: string[]) => files.map((f) => `[${f}](${encodeURI(f)})`).join(', ');

export function renderIndex(index: ResultsIndex): string {
  const current = [...index.current].sort((a, b) => a.configuration.localeCompare(b.configuration));
  const earlier = [...index.earlier].sort((a, b) => a.configuration.localeCompare(b.configuration) || b.date.localeCompare(a.date));
  return [
    '# Bench results',
    '',
    'The latest report of each configuration (what was measured, at what size, on which database) and, below, the',
    'headline numbers of the runs they replaced, whose files are gone. `npm run bench` and the other bench writers keep',
    'this page true (`bench/results-index.ts`, from `index.json`): a new report of a configuration moves the previous one',
    'down here and deletes its files. How each bench works: [bench/README.md](../README.md) and',
    '[docs/benchmarks.md](../../docs/benchmarks.md). The machine is two shared cores: the load average in each report',
    'says how much other work skewed it.',
    '',
    '## Current reports',
    '',
    '| configuration | date (UTC) | files | headline | how |',
    '|---|---|---|---|---|',
    ...current.map((e) => `| ${cell(e.configuration)} | ${e.date.slice(0, 16).replace('T', ' ')} | ${links(e.files)} | ${cell(e.headline)} | ${cell(e.how ?? (e.byHand ? 'written by hand' : ''))} |`),
    '',
    '## Earlier runs (files deleted)',
    '',
    '| configuration | date (UTC) | was | headline |',
    '|---|---|---|---|',
    ...earlier.map((e) => `| ${cell(e.configuration)} | ${e.date.slice(0, 16).replace('T', ' ')} | ${e.files.map((f) => `\`${f}\``).join(', ')} | ${cell(e.headline)} |`),
    '',
  ].join('\n');
}

export function writeIndex(dir: string, index: ResultsIndex): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(indexFile(dir), `${JSON.stringify(index, null, 2)}\n`);
  writeFileSync(path.join(dir, 'README.md'), renderIndex(index));
}

/**
 * Makes `entry` the current report of its configuration in `dir`: the one it replaces moves to the earlier runs
 * and its files are deleted (unless the new report reuses a name). Returns the README.md path.
 */
export function recordReport(dir: string, entry: IndexEntry): string {
  const index = readIndex(dir);
  const previous = index.current.filter((e) => e.configuration === entry.configuration);
  for (const old of previous) {
    for (const file of old.files) if (!entry.files.includes(file)) rmSync(path.join(dir, file), { force: true });
    index.earlier.push({ configuration: old.configuration, files: old.files, date: old.date, headline: old.headline });
  }
  index.current = [...index.current.filter((e) => e.configuration !== entry.configuration), entry];
  writeIndex(dir, index);
  return path.join(dir, 'README.md');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'bench/results';
  writeIndex(dir, readIndex(dir));
  console.log(`rendered ${path.join(dir, 'README.md')}`);
}
