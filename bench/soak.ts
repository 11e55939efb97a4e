/**
 * `npm run bench -- --soak [--summaries N] [--soak-seconds S] [--connections C] [--database-url URL]`: the real
 * server under a long mixed load (list reads of summaries and events, credential writes with unique MIDs and
 * Idempotency-Keys) on PGlite and, when --database-url is given, on PostgreSQL too. Reports requests,
 * answers by status, errors, p50/p99 and the server's RSS at start and end; writes bench/results/<date>-soak.{json,md}.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchOptions } from './args.ts';
import { ensureDataset, mintToken } from './dataset.ts';
import { describeMachine, type MachineInfo } from './machine.ts';
import { databaseEnv } from './processes.ts';
import { readMemory, startServer } from './server-process.ts';
import { percentile, round } from './stats.ts';
import { recordReport } from './results-index.ts';

interface SoakRun {
  database: 'pglite' | 'postgres';
  summaries: number;
  seconds: number;
  connections: number;
  requests: number;
  byStatus: Record<string, number>;
  /** answers other than 2xx, plus socket errors and timeouts */
  errors: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  rps: number;
  rssStartMb: number;
  rssEndMb: number;
  /** 5xx answers: the soak's pass condition is none */
  serverErrors: number;
}

const cielo = { providerId: 'd4ps1c0000000000cie0', providerName: 'cielo' };

async function soakOne(options: BenchOptions, seconds: number, kind: SoakRun['database']): Promise<SoakRun> {
  const dataset = await ensureDataset(options);
  const token = await mintToken(options);
  // startServer turns the rate limits off (unthrottledEnv), so the soak measures the server, not its abuse limits
  const server = await startServer(options.port, databaseEnv(options.dataDir, options.databaseUrl));
  const authorization = `Bearer ${token}`;
  try {
    const me = (await (await fetch(`${server.origin}/v1/me`, { headers: { authorization } })).json()) as { merchants?: { id: string }[] };
    const merchantId = me.merchants?.[0]?.id;
    if (!merchantId) throw new Error('the demo organization has no merchant');
    const rssStartMb = readMemory(server.pid)?.rssMb ?? Number.NaN;
    const run = `${Date.now().toString(36)}`;
    let writes = 0;
    const samples: number[] = [];
    const byStatus: Record<string, number> = {};
    let socketErrors = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const instance = autocannon(
        {
          url: server.origin,
          connections: options.connections,
          duration: seconds,
          timeout: 30,
          headers: { authorization },
          requests: [
            { method: 'GET', path: '/v1/transactions/summaries?limit=20' },
            { method: 'GET', path: '/v1/events?limit=20&page=3' },
            { method: 'GET', path: '/v1/transactions/summaries?status=denied&order_by=amount&limit=50' },
            {
              method: 'POST',
              path: '/v1/credentials',
              setupRequest: (request) => {
                writes += 1;
                return {
                  ...request,
                  headers: { ...request.headers, authorization, 'content-type': 'application/json', 'idempotency-key': `soak-${run}-${writes}` },
                  body: JSON.stringify({ merchantId, ...cielo, authenticationData: { merchantIdentifier: `S${run}`.slice(0, 15), terminalIdentifier: `T${writes}` } }),
                };
              },
            },
            { method: 'GET', path: '/health/live' },
          ],
        },
        (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(JSON.stringify(error))) : resolve()),
      );
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        samples.push(responseTime);
        byStatus[statusCode] = (byStatus[statusCode] ?? 0) + 1;
      });
      instance.on('reqError', () => (socketErrors += 1));
    });
    const wallMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 1000));
    const rssEndMb = readMemory(server.pid)?.rssMb ?? Number.NaN;
    const sorted = samples.sort((a, b) => a - b);
    const non2xx = Object.entries(byStatus).reduce((n, [status, count]) => (status.startsWith('2') ? n : n + count), 0);
    return {
      database: kind,
      summaries: dataset.summaries,
      seconds,
      connections: options.connections,
      requests: sorted.length,
      byStatus,
      errors: non2xx + socketErrors,
      p50Ms: round(percentile(sorted, 50)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? Number.NaN),
      rps: round((sorted.length * 1000) / wallMs),
      rssStartMb: round(rssStartMb),
      rssEndMb: round(rssEndMb),
      serverErrors: Object.entries(byStatus).reduce((n, [status, count]) => (status.startsWith('5') ? n + count : n), 0),
    };
  } finally {
    await server.stop();
  }
}

function toMarkdown(machine: MachineInfo, startedAt: string, runs: SoakRun[]): string {
  const rows = runs.map(
    (r) =>
      `| ${r.database} | ${r.summaries} | ${r.seconds} s × ${r.connections} | ${r.requests} | ${r.rps} | ${r.errors} | ${r.serverErrors} | ` +
      `${Object.entries(r.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${r.rssStartMb} → ${r.rssEndMb} |`,
  );
  return [
    `# Soak run ${startedAt}`,
    '',
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}; load average at start ${machine.loadAverage.join(' / ')}.`,
    'The machine is shared with other developers\' builds and tests while this runs: every figure is under that',
    'foreign load (and the load generator runs on the same two cores), so read them as a lower bound.',
    '',
    'Mix per connection, in turn: summaries page 1, events page 3, summaries filtered by status sorted by amount (limit 50),',
    'a credential POST (unique MID, Idempotency-Key), /health/live.',
    '',
    '| database | summaries | load | requests | req/s | errors (non-2xx + socket) | 5xx | answers by status | p50 ms | p99 ms | max ms | server RSS MB start → end |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

export async function runSoak(options: BenchOptions, seconds: number): Promise<void> {
  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  const runs: SoakRun[] = [];
  runs.push(await soakOne({ ...options, databaseUrl: undefined }, seconds, 'pglite'));
  console.log(JSON.stringify(runs.at(-1)));
  if (options.databaseUrl) {
    runs.push(await soakOne(options, seconds, 'postgres'));
    console.log(JSON.stringify(runs.at(-1)));
  }
  mkdirSync(options.outDir, { recursive: true });
  const stem = path.join(options.outDir, `${startedAt.slice(0, 16).replace(/[:T]/g, '-')}-soak`);
  writeFileSync(`${stem}.json`, `${JSON.stringify({ startedAt, machine, runs }, null, 2)}\n`);
  const markdown = toMarkdown(machine, startedAt, runs);
  writeFileSync(`${stem}.md`, markdown);
  recordReport(options.outDir, {
    configuration: `soak, ${runs.map((r) => r.database).join(' and ')}`,
    files: [`${path.basename(stem)}.md`, `${path.basename(stem)}.json`],
    date: startedAt,
    headline: runs.map((r) => `${r.database}: ${round(r.rps)} req/s, ${r.errors} errors, ${r.serverErrors} 5xx, p99 ${round(r.p99Ms)} ms, RSS ${round(r.rssStartMb)} → ${round(r.rssEndMb)} MB`).join('; '),
    how: `npm run bench -- --soak${runs.length > 1 ? ' --database-url URL' : ''}`,
  });
  console.log(markdown);
  console.log(`bench: wrote ${stem}.json and ${stem}.md`);
}
