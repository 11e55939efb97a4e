/**
 * `npm run bench -- [--summaries N] [--quick] ...` (see bench/README.md): builds when stale, seeds or reuses a
 * dataset, starts the built server, measures every list view over HTTP, the dashboard in Chromium, then the same SQL
 * directly, and writes bench/results/<date>-<size>-<db>.{json,md} (and the index, results-index.ts). Targets are reported only.
 */
import { buildCases, measureApi, measureConcurrent, sampleData } from './api-phase.ts';
import { readOptions, usage } from './args.ts';
import { measureDashboard } from './browser.ts';
import { ensureDataset, mintToken } from './dataset.ts';
import { exportPaths, measureExport, type ExportResult } from './export-phase.ts';
import { describeMachine } from './machine.ts';
import { ensureMerchants } from './merchants.ts';
import { databaseEnv, ensureBuilt } from './processes.ts';
import { isMiss, writeReport } from './report.ts';
import type { BenchReport, BrowserSection } from './report-types.ts';
import { startServer } from './server-process.ts';
import { runSoak } from './soak.ts';
import { measureSql } from './sql-phase.ts';
import { runIngestBench } from './ingest.ts';
import { runStartBench } from './start-time.ts';
import { runReconciliationBench } from './reconciliation.ts';
import { runPairedBench } from './paired-bench.ts';
import { runReceivablesBench } from './receivables.ts';

async function main(): Promise<void> {
  if (process.argv.includes('--start')) return runStartBench(process.argv.slice(2));
  if (process.argv.includes('--reconciliation')) return runReconciliationBench();
  // every other run measures the built server, as production runs it
  ensureBuilt();
  if (process.argv.includes('--ingest')) return runIngestBench(process.argv.slice(2));
  if (process.argv.includes('--receivables')) return runReceivablesBench(process.argv.slice(2));
  if (process.argv.some((a) => a === '--baseline' || a.startsWith('--baseline='))) return runPairedBench(process.argv.slice(2));
  const options = readOptions(process.argv.slice(2));
  if (!options) {
    console.log(usage);
    return;
  }
  if (options.soakSeconds !== null) return runSoak(options, options.soakSeconds);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const dataset = await ensureDataset(options);
  const merchants = await ensureMerchants(options, dataset.organizationId);
  const token = await mintToken(options);
  const headers = { authorization: `Bearer ${token}` };

  const server = await startServer(options.port, databaseEnv(options.dataDir, options.databaseUrl));
  console.error(`bench: server ${server.origin} (pid ${server.pid}) on ${dataset.kind}, ${dataset.summaries} summaries, ${merchants} merchants`);
  let measured;
  let concurrent;
  let memory;
  const exports: ExportResult[] = [];
  const browser: BrowserSection = { interactions: [], error: null };
  try {
    const { samples, lastDigits, lookups } = await sampleData(server.origin, headers);
    if (options.browserOnly) {
      const interactions = await measureDashboard(server.origin, token, options.browserRepeats, lastDigits);
      for (const i of interactions) console.log(`dashboard ${i.name}: p50 ${i.stats.p50.toFixed(1)} ms p95 ${i.stats.p95.toFixed(1)} ms n=${i.stats.count} timeouts ${i.timeouts}`);
      return;
    }
    const cases = await buildCases(server.origin, headers, samples, lookups, options.only);
    console.error(`bench: ${cases.length} cases, ${options.seconds} s each`);
    measured = await measureApi(server.origin, headers, cases, options.seconds, options.minRequests);
    concurrent = await measureConcurrent(server.origin, headers, cases, options.throughputConnections, options.concurrentSeconds);
    for (const path of options.only === undefined ? exportPaths : []) {
      const result = await measureExport(server.origin, headers, path);
      console.error(`export ${path}: ${result.rows} rows, ${(result.bytes / 1e6).toFixed(1)} MB in ${result.seconds.toFixed(1)} s (HTTP ${result.status})`);
      exports.push(result);
    }
    if (options.browser) {
      try {
        browser.interactions = await measureDashboard(server.origin, token, options.browserRepeats, lastDigits);
        for (const i of browser.interactions) console.error(`dashboard ${i.name}: p50 ${i.stats.p50.toFixed(1)} ms p95 ${i.stats.p95.toFixed(1)} ms n=${i.stats.count}`);
      } catch (error) {
        browser.error = error instanceof Error ? error.message.split('\n')[0] ?? 'failed' : String(error);
        console.error(`dashboard timing failed: ${browser.error}`);
      }
    } else browser.error = 'skipped (--no-browser)';
    memory = server.memory();
  } finally {
    await server.stop();
  }

  const { cases, plans } = await measureSql(
    { dataDir: options.dataDir, databaseUrl: options.databaseUrl, organizationId: dataset.organizationId, seconds: options.seconds, minRequests: options.minRequests, runSql: options.sql, explain: options.explain },
    measured,
  );
  const report: BenchReport = {
    startedAt,
    wallSeconds: (performance.now() - started) / 1000,
    quick: options.quick,
    machine,
    dataset,
    settings: { seconds: options.seconds, minRequests: options.minRequests, concurrentSeconds: options.concurrentSeconds, connections: options.throughputConnections.join(', '), browserRepeats: options.browserRepeats, ...(options.only === undefined ? {} : { only: options.only }) },
    memory,
    cases,
    concurrent,
    exports,
    browser,
    plans,
  };
  const files = writeReport(options.outDir, report);
  const misses = cases.filter(isMiss).length;
  console.log(`bench: ${cases.length} cases, ${misses} miss a target; peak server RSS ${Math.round(memory.peakRssMb)} MB; wrote ${files.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
