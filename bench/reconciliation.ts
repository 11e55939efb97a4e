/**
 * `npm run bench -- --reconciliation [--lines N] [--exceptions N]` (issue 26): on a fresh PostgreSQL database
 * (TEST_POSTGRES_URL's server), N card sales as summaries + cycles, a Cielo EDI v15 file of N sale lines for them
 * written as a stream (every 1000th with its amount changed), then the import (full check, store, match) timed
 * with the process's peak RSS sampled every 50 ms; then N' open exceptions and the exceptions list's latency
 * through the API (p50/p95 per filter). Writes bench/results/<date>-reconciliation.{json,md}.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { defaultRateLimits } from '../src/server/lib/rate-limit.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { upsertProviders } from '../src/server/providers/providers-sync.ts';
import { importStatement } from '../src/server/reconciliation/import-statement.ts';
import { createToken } from '../src/server/auth/token-store.ts';
import { writeCieloV15 } from '../src/server/seed/statements/cielo-v15-writer.ts';
import { costFeeMinor, expectedPaymentDate } from '../src/server/reconciliation/expectations.ts';
import type { StatementEntry } from '../src/server/seed/statements/statement-entry.ts';
import { describeMachine } from './machine.ts';
import { recordReport } from './results-index.ts';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const dayMs = 86_400_000;
const days = 10;

/** sale g (1-based): the same formulas as the SQL that inserts it */
function saleDay(firstDay: number, g: number) {
  return new Date(firstDay + (g % days) * dayMs).toISOString().slice(0, 10);
}

function* entries(n: number, firstDay: number): Generator<StatementEntry> {
  for (let g = 1; g <= n; g++) {
    const amount = BigInt(1000 + ((g * 7919) % 90_000));
    const method = g % 2 === 0 ? 'debit_card' : 'credit_card';
    const date = saleDay(firstDay, g);
    yield {
      kind: 'sale', mid: `10${String(g % 10).padStart(8, '0')}`, nsu: String((g % 999_999) + 1).padStart(6, '0'),
      authorizationCode: String((g * 7) % 1_000_000).padStart(6, '0'), date, time: '150000', method, installment: 1, installments: 1,
      saleTotalMinor: g % 1000 === 0 ? amount + 1n : amount, grossMinor: g % 1000 === 0 ? amount + 1n : amount, feeMinor: costFeeMinor('cielo', method, 1, amount),
      paymentDate: expectedPaymentDate(method, date, 1), cardBin: '516292', cardLast4: '0001',
    };
  }
}

async function writeFileOf(file: string, n: number, firstDay: number): Promise<void> {
  const out = createWriteStream(file, { encoding: 'latin1' });
  const header = { headMid: '1000000000', generatedOn: saleDay(firstDay, days - 1), periodStart: saleDay(firstDay, 0), periodEnd: new Date(firstDay + days * dayMs).toISOString().slice(0, 10), sequence: 1 };
  // the writer and the entries are generators: one line in memory at a time
  for (const line of writeCieloV15(header, entries(n, firstDay))) {
    if (!out.write(`${line}\r\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

export async function runReconciliationBench(): Promise<void> {
  const lines = arg('--lines', 1_000_000);
  const exceptionCount = arg('--exceptions', 100_000);
  const name = `i26r_rx_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = await mkdtemp(path.join(tmpdir(), 'rx-bench-'));
  const database = await openDatabase({ databaseUrl: url.toString(), queryTimeoutMs: 600_000 });
  try {
    await upsertProviders(database.db);
    const org = 'org-bench';
    const firstDay = Math.floor(Date.now() / dayMs) * dayMs - 40 * dayMs;
    await database.exec(`insert into organizations (id, name, tax_id) values ('${org}', 'Bench', '00000000000191');
      insert into merchants (id, organization_id, name, tax_id) select 'm' || g, '${org}', 'Merchant ' || g, '11111111000191' from generate_series(0, 9) g;`);
    let t = performance.now();
    for (let from = 1; from <= lines; from += 250_000) {
      const to = Math.min(lines, from + 249_999);
      await database.exec(`insert into transaction_summaries (id, organization_id, merchant_id, created_at, acquirer, payment_method, status, amount_minor, currency, installments, gateway_transaction_id, acquirer_merchant_id)
        select 's' || g, '${org}', 'm' || (g % 10), timestamptz '${new Date(firstDay).toISOString()}' + ((g % ${days}) || ' days')::interval + interval '18 hours',
          'cielo', case when g % 2 = 0 then 'debit_card' else 'credit_card' end, 'approved', 1000 + (g::bigint * 7919) % 90000, 'BRL', 1, 'gw' || g, '10' || lpad((g % 10)::text, 8, '0')
        from generate_series(${from}, ${to}) g;
        insert into cycles (id, summary_id, seq, type, status, amount_minor, authorization_code, system_trace_audit_number, gateway_transaction_id)
        select 'c' || g, 's' || g, 0, 'authorization', 'approved', 1000 + (g::bigint * 7919) % 90000, lpad(((g * 7) % 1000000)::text, 6, '0'), lpad(((g % 999999) + 1)::text, 6, '0'), 'gwc' || g
        from generate_series(${from}, ${to}) g;`);
    }
    await database.exec('analyze transaction_summaries; analyze cycles;');
    const seedSeconds = (performance.now() - t) / 1000;
    console.error(`bench: ${lines} summaries in ${seedSeconds.toFixed(1)} s`);
    const file = path.join(dir, 'CIELO03.TXT');
    t = performance.now();
    await writeFileOf(file, lines, firstDay);
    const writeSeconds = (performance.now() - t) / 1000;
    const size = (await stat(file)).size;
    console.error(`bench: file of ${lines + 2} lines (${(size / 1e6).toFixed(0)} MB) written in ${writeSeconds.toFixed(1)} s`);

    global.gc?.();
    const loadBefore = loadavg()[0] ?? 0;
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    // where the peak falls (the phase under way) and what it is made of: V8's heap or buffers outside it
    let current = 'read and store';
    let peakAt = { phase: current, heapUsed: 0, external: 0 };
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      if (usage.rss > peak) {
        peak = usage.rss;
        peakAt = { phase: current, heapUsed: usage.heapUsed, external: usage.external };
      }
    }, 50);
    t = performance.now();
    const phases: Record<string, number> = {};
    const phaseOrder = ['read and store', 'match: analyze', 'match: platform', 'match: join', 'match: update records', 'match: sales', 'match: outcomes', 'match: settlement', 'match: upsert', 'match'];
    const result = await importStatement(database.db, { organizationId: org, actor: 'bench', path: file, name: 'CIELO03.TXT', onPhase: (name, ms) => {
      phases[name] = (phases[name] ?? 0) + ms;
      current = phaseOrder[phaseOrder.indexOf(name) + 1] ?? 'after';
    } });
    console.error(`bench: phases ${JSON.stringify(Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)])))}`);
    const importSeconds = (performance.now() - t) / 1000;
    const loadAfter = loadavg()[0] ?? 0;
    clearInterval(sampler);
    const [counts] = (await database.query<{ n: string; matched: string }>(`select (select count(*) from reconciliation_exceptions)::text as n, (select count(*) from statement_records where summary_id is not null)::text as matched`));
    console.error(`bench: import + match ${importSeconds.toFixed(1)} s (${result.status}), peak RSS ${(peak / 1e6).toFixed(0)} MB (before ${(rssBefore / 1e6).toFixed(0)} MB; at the peak: ${peakAt.phase}, V8 heap ${(peakAt.heapUsed / 1e6).toFixed(0)} MB, external ${(peakAt.external / 1e6).toFixed(0)} MB), ${counts?.n} exceptions, ${counts?.matched} matched`);

    // the exceptions list with many open exceptions
    await database.exec(`insert into reconciliation_exceptions (id, organization_id, key, outcome, acquirer, merchant_id, day, expected_minor, reported_minor)
      select 'bx' || g, '${org}', 'bench|' || g, (array['amount_differs','fee_differs','missing_from_acquirer','unknown_to_platform','payment_date_differs'])[1 + g % 5],
        (array['cielo','getnet','rede'])[1 + g % 3], 'm' || (g % 10), current_date - (g % 60), 1000 + g % 5000, 1000 + g % 4000
      from generate_series(1, ${exceptionCount}) g; analyze reconciliation_exceptions;`);
    const app = await buildApp({ database, webRoot: null, rateLimits: { ...defaultRateLimits, perToken: 0, perAddress: 0 } });
    const { token } = await createToken(database.db, { name: 'bench', organizationId: org, scopes: ['reconciliation:read'], mode: 'live', merchantId: null });
    const first = await app.inject({ method: 'GET', url: '/v1/reconciliation/exceptions?limit=50', headers: { authorization: `Bearer ${token}` } });
    const deepCursor = first.json<{ nextCursor: string }>().nextCursor;
    const cases = {
      'first page (50)': '/v1/reconciliation/exceptions?limit=50',
      'outcome=fee_differs': '/v1/reconciliation/exceptions?outcome=fee_differs&limit=50',
      'acquirer=getnet&merchant_id=m3': '/v1/reconciliation/exceptions?acquirer=getnet&merchant_id=m3&limit=50',
      'age=8-30': '/v1/reconciliation/exceptions?age=8-30&limit=50',
      'next page (cursor)': `/v1/reconciliation/exceptions?limit=50&cursor=${encodeURIComponent(deepCursor)}`,
      'ageing buckets': '/v1/reconciliation/exceptions/ageing',
    };
    const latency: Record<string, { p50: number; p95: number }> = {};
    for (const [label, target] of Object.entries(cases)) {
      const times: number[] = [];
      for (let i = 0; i < 100; i++) {
        const began = performance.now();
        const response = await app.inject({ method: 'GET', url: target, headers: { authorization: `Bearer ${token}` } });
        times.push(performance.now() - began);
        if (response.statusCode !== 200) throw new Error(`${target}: ${response.statusCode} ${response.body}`);
      }
      latency[label] = { p50: percentile(times, 50), p95: percentile(times, 95) };
      console.error(`bench: ${label}: p50 ${latency[label].p50.toFixed(1)} ms, p95 ${latency[label].p95.toFixed(1)} ms`);
    }
    await app.close();
    const heapLimit = getHeapStatistics().heap_size_limit;
    const report = {
      at: new Date().toISOString(), machine: describeMachine(), database: 'postgresql', lines, fileBytes: size, seedSeconds, writeSeconds, importSeconds,
      importStatus: result.status, loadAverage: { before: loadBefore, after: loadAfter }, phasesMs: phases, peakRssBytes: peak, rssBeforeBytes: rssBefore, peakAt, heapLimitBytes: heapLimit, nodeOptions: process.env.NODE_OPTIONS ?? null, exceptionsAfterImport: Number(counts?.n), matchedRecords: Number(counts?.matched),
      openExceptionsForList: exceptionCount, latency,
    };
    const stamp = report.at.slice(0, 16).replace('T', '-').replace(':', '-');
    const base = path.join(import.meta.dirname, 'results', `${stamp}-reconciliation`);
    await writeFile(`${base}.json`, JSON.stringify(report, null, 2) + '\n');
    await writeFile(`${base}.md`, [
      `# Reconciliation bench, ${report.at}`, '',
      `PostgreSQL; ${lines} summaries; a Cielo EDI v15 file of ${lines + 2} lines (${(size / 1e6).toFixed(0)} MB), every 1000th amount changed.`, '',
      '| step | result |', '|---|---|',
      `| import (check every line, store, match) | ${importSeconds.toFixed(1)} s (target < 60 s) |`,
      `| 1-minute load average, import start → end | ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (2 cores) |`,
      `| peak RSS during the import | ${(peak / 1e6).toFixed(0)} MB (before: ${(rssBefore / 1e6).toFixed(0)} MB) |`,
      `| V8 heap limit | ${(heapLimit / 1e6).toFixed(0)} MB${process.env.NODE_OPTIONS ? ` (NODE_OPTIONS=${process.env.NODE_OPTIONS})` : ''} |`,
      `| at the peak | phase ${peakAt.phase}; V8 heap used ${(peakAt.heapUsed / 1e6).toFixed(0)} MB, external ${(peakAt.external / 1e6).toFixed(0)} MB |`,
      `| exceptions found | ${report.exceptionsAfterImport} (injected: ${Math.floor(lines / 1000)}) |`,
      `| matched records | ${report.matchedRecords} |`,
      ...Object.entries(phases).map(([k, v]) => `| phase: ${k} | ${(v / 1000).toFixed(1)} s |`), '',
      `Exceptions list through the API with ${exceptionCount} more open exceptions, 100 requests each (target p95 < 50 ms):`, '',
      '| request | p50 ms | p95 ms |', '|---|---|---|',
      ...Object.entries(latency).map(([k, v]) => `| ${k} | ${v.p50.toFixed(1)} | ${v.p95.toFixed(1)} |`), '',
    ].join('\n'));
    const worst = Object.entries(latency).sort((a, b) => b[1].p95 - a[1].p95)[0];
    recordReport(path.join(import.meta.dirname, 'results'), {
      configuration: `reconciliation ${lines} lines postgres`, files: [`${path.basename(base)}.md`, `${path.basename(base)}.json`], date: report.at,
      headline: `import ${importSeconds.toFixed(1)} s, peak RSS ${(peak / 1e6).toFixed(0)} MB (${(rssBefore / 1e6).toFixed(0)} before), list p95 worst ${worst?.[0]} ${worst?.[1].p95.toFixed(1)} ms; load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`,
      how: `npm run bench -- --reconciliation --lines ${lines} --exceptions ${exceptionCount}`,
    });
    console.error(`bench: wrote ${base}.md`);
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

