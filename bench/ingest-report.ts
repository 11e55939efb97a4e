import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultBatchSize } from '../src/server/processing/worker.ts';
import type { MachineInfo } from './machine.ts';
import { recordReport } from './results-index.ts';

export interface SetupResult {
  name: string;
  offeredPerSecond: number;
  seconds: number;
  sent: number;
  accepted: number;
  repeats: number;
  rejected: number;
  networkErrors: number;
  acceptedPerSecond: number;
  answerMs: { p50: number; p95: number };
  firstAttempt: { count: number; p50: number; p95: number; max: number };
  outcomes: Record<string, number>;
  drainSeconds: number;
  /** the 1-minute load average when the setup started and when its events were drained */
  load: { start: number; end: number };
  /** CPU seconds used while sending and draining: the server, the worker processes, the bench database's PostgreSQL backends, this client */
  cpu: { server: number; workers: number; perThousandEvents: number; postgres: number; postgresPerThousand: number; client: number };
}

/** bench/results/<date>-ingest.{md,json}, its line in the results index, and the table on stdout. */
export function writeIngestReport(machine: MachineInfo, rate: number, seconds: number, results: SetupResult[]): void {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, '-');
  const outDir = 'bench/results';
  mkdirSync(outDir, { recursive: true });
  const ms = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');
  const lines = [
    `# Ingestion bench ${stamp}`,
    '',
    `Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGb} GiB, Node ${machine.node}; load average at start ${machine.loadAverage.map((l) => l.toFixed(1)).join(' / ')}.`,
    'The machine is shared with other developers working in parallel (tests, type checks, other benches): every rate and latency',
    'is skewed by their load (the 1-minute load average at each setup\'s start and end is in the table). The bench client, the server',
    'and the workers ran under `nice`; the client shares the two cores with them and with PostgreSQL.',
    '',
    `Offered load: ${rate} signed notifications/s for ${seconds} s (32 in flight at most), the simulator's mix (approvals, declines, captures,`,
    'refunds, voids, pix, out-of-order pairs, duplicates, failures). Latency = processed_at - the moment the request was sent, for events',
    `processed on their first attempt (out-of-order captures wait for their backoff and are excluded). A worker claims up to ${defaultBatchSize} due`,
    'events per transaction.',
    '',
    '| setup | load start / end | accepted/s | accepted | repeats (200) | refused | network errors | answer p50 / p95 | to processed p50 | p95 | max | n | CPU s server / workers / client | CPU s per 1000 | PostgreSQL CPU s per 1000 | outcomes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.load.start.toFixed(1)} / ${r.load.end.toFixed(1)} | ${r.acceptedPerSecond.toFixed(0)} | ${r.accepted} | ${r.repeats} | ${r.rejected} | ${r.networkErrors} | ${ms(r.answerMs.p50)} / ${ms(r.answerMs.p95)} | ${ms(r.firstAttempt.p50)} | ${ms(r.firstAttempt.p95)} | ${ms(r.firstAttempt.max)} | ${r.firstAttempt.count} | ${r.cpu.server.toFixed(1)} / ${r.cpu.workers.toFixed(1)} / ${r.cpu.client.toFixed(1)} | ${r.cpu.perThousandEvents.toFixed(1)} | ${r.cpu.postgres > 0 ? r.cpu.postgresPerThousand.toFixed(1) : '-'} | ${Object.entries(r.outcomes).map(([k, v]) => `${k} ${v}`).join(', ')} |`,
    ),
    '',
    'Goal (issue 12): >= 500 accepted/s and p95 < 1 s to processed on PostgreSQL. "client" is the bench process (generator, signing, HTTP',
    'client, drain polling). "CPU s per 1000" is the Node CPU time of the server and worker processes (not the client) per 1000',
    'accepted notifications: unlike the rates it hardly depends on the other load, and 1000 / it is the rate one idle core of Node',
    'could sustain. "PostgreSQL CPU s per 1000" counts the backends of the bench\'s own database only (sampled',
    'from /proc every 250 ms; the shared server\'s other sessions and its WAL writer and checkpointer are not in it).',
    '',
  ];
  writeFileSync(path.join(outDir, `${stamp}-ingest.md`), lines.join('\n'));
  writeFileSync(path.join(outDir, `${stamp}-ingest.json`), `${JSON.stringify({ machine, rate, seconds, results }, null, 2)}\n`);
  const setups = results.some((r) => r.name.startsWith('PGlite')) ? 'every setup' : 'PostgreSQL setups';
  recordReport(outDir, {
    configuration: `ingest, ${setups}, ${rate}/s offered`,
    files: [`${stamp}-ingest.md`, `${stamp}-ingest.json`],
    date: new Date().toISOString(),
    headline: results.map((r) => `${r.name}: ${r.acceptedPerSecond.toFixed(0)} accepted/s, p95 to processed ${ms(r.firstAttempt.p95)}, ${r.cpu.perThousandEvents.toFixed(1)} CPU s per 1000`).join('; '),
    how: `npm run bench -- --ingest --rate ${rate} --seconds ${seconds}`,
  });
  console.log(lines.join('\n'));
}
