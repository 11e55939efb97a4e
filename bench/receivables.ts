/**
 * `npm run bench -- --receivables [--database-url URL | --data-dir DIR] [--backfill] [--requests N]` (issue 25): on an
 * existing seeded dataset (npm run seed; the seed schedules the receivables), optionally re-times the backfill (empties
 * receivables, runs it in this process with its progress), then starts the built server and measures the receivables
 * calendar for 90 days (organization and one merchant) and the list's page 1 under every filter, sequentially.
 * Targets (reported, never asserted): calendar p95 < 100 ms, page 1 p95 < 20 ms, backfill of 1M sales on PostgreSQL < 5 min.
 * Writes bench/results/<date>-<HH>-<MM>-receivables-<db>.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { backfillReceivables } from '../src/server/receivables/backfill.ts';
import { addDays, saoPauloDate } from '../src/server/receivables/business-calendar.ts';
import { renderProgress } from '../src/server/seed/progress.ts';
import { databaseEnv, runBuilt } from './processes.ts';
import { startServer } from './server-process.ts';

interface Row {
  label: string;
  target: number;
  p50: number;
  p95: number;
  n: number;
  status: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function runReceivablesBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--receivables'),
    options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' }, backfill: { type: 'boolean', default: false }, requests: { type: 'string' }, port: { type: 'string' } },
  });
  const databaseUrl = values['database-url'];
  const dataDir = path.resolve(values['data-dir'] ?? path.join('bench', '.data', '1000000'));
  const requests = Number(values.requests ?? 60);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const lines: string[] = [`# Receivables bench (${kind}), ${new Date().toISOString()}`, ''];
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  lines.push(`Load average (1/5/15 min) at the start: ${load()} on ${os.cpus().length} cores.`, '');

  const database = await openDatabase({ databaseUrl, dataDir, queryTimeoutMs: 0 });
  let backfill = '';
  try {
    const [counts] = await database.query<{ summaries: string; receivables: string }>('select (select count(*) from transaction_summaries) as summaries, (select count(*) from receivables) as receivables');
    lines.push(`Dataset: ${counts?.summaries} summaries, ${counts?.receivables} receivables before the run.`, '');
    if (values.backfill) {
      await database.db.execute(sql`truncate receivables, receivable_daily, receivable_monthly`);
      const started = performance.now();
      let last = 0;
      const result = await backfillReceivables(database.db, {
        bulk: database,
        // as the seed does: about 1 in 25 of the last ten days' receivables left unpaid (overdue)
        overdueOneIn: 25,
        onIndexRebuild: (name) => console.error(`rebuilding ${name}`),
        onProgress: (done, total, rows) => {
          const now = performance.now();
          if (now - last < 5000 && done < total) return;
          last = now;
          console.error(renderProgress({ done, total, rows, elapsedSeconds: (now - started) / 1000 }));
        },
      });
      const seconds = (performance.now() - started) / 1000;
      backfill = `Backfill: ${result.receivables} receivables of ${result.sales} sales in ${seconds.toFixed(1)} s (${Math.round(result.sales / seconds)} sales/s); target < 300 s on PostgreSQL for 1 000 000 sales.`;
      console.error(backfill);
      lines.push(backfill, '');
      if (kind === 'postgres') await database.db.execute(sql`vacuum analyze receivables, receivable_daily, receivable_monthly`);
    }
  } finally {
    await database.close();
  }

  const env = databaseEnv(dataDir, databaseUrl);
  const out = await runBuilt('token-cli', ['create', '--name', `bench-receivables-${Date.now()}`, '--scopes', 'receivables:read,margin:read,transactions:read', '--mode', 'test'], env);
  const token = out.trim().split('\n').at(-1)?.trim() ?? '';
  const server = await startServer(Number(values.port ?? 18_180), env);
  const rows: Row[] = [];
  try {
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${server.origin}/v1/me`, { headers })).json()) as { merchants: { id: string }[] };
    const merchant = me.merchants[0]?.id ?? '';
    const today = saoPauloDate(new Date());
    const range = { from: today, to: addDays(today, 89) };
    const cases: [string, string, Record<string, string>, number][] = [
      ['calendar 90 days, organization', '/v1/receivables/calendar', range, 100],
      ['calendar 90 days, one merchant', '/v1/receivables/calendar', { ...range, merchant_id: merchant }, 100],
      ['calendar 90 days, organization, per unit', '/v1/receivables/calendar', { ...range, group_by: 'unit' }, 100],
      ['calendar 90 days, one merchant, per unit', '/v1/receivables/calendar', { ...range, merchant_id: merchant, group_by: 'unit' }, 100],
      ['arrangements 90 days, organization (the page)', '/v1/receivables/arrangements', range, 100],
      ['arrangements 90 days, one merchant', '/v1/receivables/arrangements', { ...range, merchant_id: merchant }, 100],
      ['list page 1, no filter', '/v1/receivables', {}, 20],
      ['list page 1, merchant', '/v1/receivables', { merchant_id: merchant }, 20],
      ['list page 1, acquirer=cielo', '/v1/receivables', { acquirer: 'cielo' }, 20],
      ['list page 1, brand=visa', '/v1/receivables', { brand: 'visa' }, 20],
      ['list page 1, payment_method=debit_card', '/v1/receivables', { payment_method: 'debit_card' }, 20],
      ['list page 1, status=settled', '/v1/receivables', { status: 'settled' }, 20],
      ['list page 1, status=overdue', '/v1/receivables', { status: 'overdue' }, 20],
      ['list page 1, due_date next 30 days', '/v1/receivables', { due_date: `${today}..${addDays(today, 29)}` }, 20],
    ];
    for (const [label, url, params, target] of cases) {
      const full = `${server.origin}${url}?${new URLSearchParams(params).toString()}`;
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < requests + 5; i++) {
        const started = performance.now();
        const response = await fetch(full, { headers });
        await response.arrayBuffer();
        status = response.status;
        if (i >= 5) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const row = { label, target, p50: quantile(times, 0.5), p95: quantile(times, 0.95), n: times.length, status };
      rows.push(row);
      console.error(`${label}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms (target ${target}), HTTP ${status}`);
    }
  } finally {
    await server.stop();
  }
  lines.push('| case | p50 ms | p95 ms | target p95 | n | HTTP |', '|---|---:|---:|---:|---:|---:|');
  for (const r of rows) lines.push(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | < ${r.target}${r.p95 >= r.target ? ' (missed)' : ''} | ${r.n} | ${r.status} |`);
  lines.push('', 'Sequential requests over HTTP to the built server, after 5 warm-up requests per case.', `Load average at the end: ${load()}.`);
  const dir = path.resolve('bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-')}-receivables-${kind}.md`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  console.log(`wrote ${file}`);
}
