import { describe, expect, it } from 'vitest';
import { phaseOfFrame } from './cpu-phases.ts';
import { median, type PairedRun } from './paired.ts';
import { pairedTables } from './paired-report.ts';

const run = (round: number, checkout: string, limit: number, rps: number, server: number): PairedRun => ({
  round,
  checkout,
  limit,
  rps,
  p50: 10,
  p99: 50,
  errors: 0,
  server,
  database: 0.4,
  client: 0.1,
  machine: 3,
  othersCores: 1,
  load: 5,
});

describe('paired report', () => {
  const checkouts = [
    { label: 'current tree', root: '.', entry: [] },
    { label: 'base', root: '/tmp/base', entry: [] },
  ];
  const settings = { limits: [20], rounds: 3, seconds: 6, connections: 16, warmupSeconds: 3, path: '/v1/transactions/summaries' };

  it('sets each round of the current tree against the baseline of the same round, not against the baseline overall', () => {
    // the machine slows down round after round: both checkouts halve, the ratio within each round stays 1.2
    const runs = [1, 2, 3].flatMap((round) => [run(round, 'current tree', 20, 1200 / round, 1 * round), run(round, 'base', 20, 1000 / round, 1.25 * round)]);
    const text = pairedTables({ checkouts, settings, runs }).join('\n');
    expect(text).toContain('| 20 | 1.2 (1.2–1.2) | 0.8 (0.8–0.8) |');
    // medians and ranges per checkout: 1200, 600, 400 req/s
    expect(text).toContain('| 20 | current tree | 600 (400–1200) | 2 (1–3) |');
  });

  it('takes the median of an even count as the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
    expect(Number.isNaN(median([]))).toBe(true);
  });
});

describe('page phases', () => {
  it('names the phase of the frames a list page spends its time in', () => {
    expect(phaseOfFrame({ functionName: 'parseRow', url: 'file:///x/node_modules/pg/lib/result.js' })).toBe('parse rows (pg driver)');
    expect(phaseOfFrame({ functionName: 'parseDataRowMessage', url: 'file:///x/node_modules/pg-protocol/dist/parser.js' })).toBe('parse rows (pg driver)');
    expect(phaseOfFrame({ functionName: 'serialize', url: 'file:///x/node_modules/pg-protocol/dist/serializer.js' })).toBe('query build + send (Drizzle, pg)');
    expect(phaseOfFrame({ functionName: '', url: 'file:///x/dist/server/app-CG3ZdU8N.js' })).toBe('serialize (JSON)');
    expect(phaseOfFrame({ functionName: 'summaryViews', url: 'file:///x/src/server/summaries/summary-view.ts' })).toBe('map rows to the API shape');
    expect(phaseOfFrame({ functionName: 'writevGeneric', url: 'node:internal/stream_base_commons' })).toBe('write (socket, HTTP response)');
    expect(phaseOfFrame({ functionName: '(garbage collector)', url: '' })).toBe('garbage collector');
    // a V8 builtin names no phase: its caller's frame decides
    expect(phaseOfFrame({ functionName: 'utf8Slice', url: '' })).toBeNull();
  });
});
