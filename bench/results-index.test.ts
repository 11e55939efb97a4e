import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIndex, recordReport } from './results-index.ts';

describe('the bench results index', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'acq-results-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const report = (stem: string, configuration: string, headline: string) => {
    for (const ext of ['md', 'json']) writeFileSync(path.join(dir, `${stem}.${ext}`), stem);
    return recordReport(dir, { configuration, files: [`${stem}.md`, `${stem}.json`], date: `${stem.slice(0, 10)}T10:00:00.000Z`, headline });
  };

  it('keeps one report per configuration: the one replaced becomes an earlier run, its files deleted', () => {
    report('2026-11-01-10-00-start', 'start', 'median 9.1 s');
    report('2026-11-01-11-00-ingest', 'ingest', '600 accepted/s');
    const readme = report('2026-11-02-10-00-start', 'start', 'median 1.4 s');

    const index = readIndex(dir);
    expect(index.current.map((e) => [e.configuration, e.files[0]])).toEqual([
      ['ingest', '2026-11-01-11-00-ingest.md'],
      ['start', '2026-11-02-10-00-start.md'],
    ]);
    expect(index.earlier).toEqual([{ configuration: 'start', files: ['2026-11-01-10-00-start.md', '2026-11-01-10-00-start.json'], date: '2026-11-01T10:00:00.000Z', headline: 'median 9.1 s' }]);
    expect(existsSync(path.join(dir, '2026-11-01-10-00-start.md'))).toBe(false);
    expect(existsSync(path.join(dir, '2026-11-01-10-00-start.json'))).toBe(false);
    expect(existsSync(path.join(dir, '2026-11-02-10-00-start.md'))).toBe(true);

    const text = readFileSync(readme, 'utf8');
    const current = text.slice(text.indexOf('## Current reports'), text.indexOf('## Earlier runs'));
    const earlier = text.slice(text.indexOf('## Earlier runs'));
    expect(current).toContain('[2026-11-02-10-00-start.md](2026-11-02-10-00-start.md)');
    expect(current).toContain('median 1.4 s');
    expect(current).not.toContain('median 9.1 s');
    expect(earlier).toContain('`2026-11-01-10-00-start.md`');
    expect(earlier).toContain('median 9.1 s');
  });
});
