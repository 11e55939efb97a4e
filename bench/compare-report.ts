/** The Markdown report of bench/throughput-compare.ts: API against API, each against its statements replayed through pg, CPU buckets. */
import os from 'node:os';
import { round, type LatencyStats } from './stats.ts';

export type CompareRow = {
  revision: string;
  /**
   * the API, its statements replayed through pg, the HTTP floor (its recorded answer from bare node:http), or the
   * bare API (its statements through pg from bare node:http, answering JSON.stringify of the rows), or the same
   * from a Fastify instance with nothing registered (bare-fastify)
   */
  via: 'api' | 'pg' | 'floor' | 'bare' | 'bare-fastify';
  round: number;
  connections: number;
  limit: number;
  statements: number;
  /** busy CPU of the whole machine (server, database, load generator, kernel) per answered request */
  machineCpuMs: number;
} & LatencyStats;
export interface ProfileRow {
  revision: string;
  limit: number;
  requests: number;
  buckets: { bucket: string; ms: number }[];
}

interface Report {
  /** a third revision: this one in several processes (API only) */
  more: string | null;
  path: string;
  seconds: number;
  rounds: number;
  machine: string;
  connectionCounts: number[];
  limits: number[];
  rows: CompareRow[];
  profiles: ProfileRow[];
}

const mean = (rows: CompareRow[], key: 'rps' | 'p50' | 'statements' | 'machineCpuMs'): number => rows.reduce((sum, row) => sum + row[key], 0) / Math.max(1, rows.length);
const ratio = (a: number, b: number): string => String(round(a / b, 2));

function profileTable(profiles: ProfileRow[], limits: number[]): string[] {
  if (profiles.length === 0) return [];
  const columns = limits.flatMap((limit) => ['baseline', 'this'].map((revision) => profiles.find((p) => p.revision === revision && p.limit === limit)));
  const buckets = [...new Set(profiles.flatMap((p) => p.buckets.map((b) => b.bucket)))];
  const perRequest = (p: ProfileRow | undefined, bucket: string): number => (p ? (p.buckets.find((b) => b.bucket === bucket)?.ms ?? 0) / Math.max(1, p.requests) : Number.NaN);
  const total = (p: ProfileRow | undefined): number => (p ? p.buckets.reduce((sum, b) => sum + b.ms, 0) / Math.max(1, p.requests) : Number.NaN);
  const header = columns.map((p) => (p ? `${p.revision} limit=${p.limit}` : '-'));
  return [
    '',
    '## Server CPU per request by owner (V8 profile, 64 connections, ms of CPU per answered request)',
    '',
    `| owner | ${header.join(' | ')} |`,
    `|---|${header.map(() => '---:').join('|')}|`,
    ...buckets
      .map((bucket) => ({ bucket, weight: columns.reduce((sum, p) => sum + (perRequest(p, bucket) || 0), 0) }))
      .sort((a, b) => b.weight - a.weight)
      .map(({ bucket }) => `| ${bucket} | ${columns.map((p) => `${round(perRequest(p, bucket), 2)} (${round((100 * perRequest(p, bucket)) / total(p))} %)`).join(' | ')} |`),
    `| **total** | ${columns.map((p) => `**${round(total(p), 2)}**`).join(' | ')} |`,
  ];
}

/**
 * Machine CPU per answered request: the API, its statements through pg, and the HTTP floor (this revision's
 * recorded answer from bare node:http through the same load generator). The statements plus the floor is what
 * any Node API must spend for that answer; `cores` over it is the most such an API can serve on this machine.
 */
function machineTable(r: Report, pick: (revision: string, via: CompareRow['via'], connections: number, limit: number) => CompareRow[]): string[] {
  const cores = os.availableParallelism();
  const lines = r.connectionCounts.flatMap((connections) =>
    r.limits.map((limit) => {
      const [ba, ta, tp, fl, bare] = [
        pick('baseline', 'api', connections, limit),
        pick('this', 'api', connections, limit),
        pick('this', 'pg', connections, limit),
        pick('this', 'floor', connections, limit),
        pick('this', 'bare', connections, limit),
      ];
      const floorAndPg = mean(tp, 'machineCpuMs') + mean(fl, 'machineCpuMs');
      const ceiling = (cores * 1000) / floorAndPg;
      const cells = [mean(ba, 'machineCpuMs'), mean(ta, 'machineCpuMs'), mean(tp, 'machineCpuMs'), mean(fl, 'machineCpuMs'), round(mean(fl, 'rps')), floorAndPg].map((n) => round(n, 2));
      const bareCells = `${round(mean(bare, 'machineCpuMs'), 2)} | ${round(mean(bare, 'rps'))} | ${ratio(mean(bare, 'rps'), mean(tp, 'rps'))} | ${ratio(mean(ta, 'rps'), mean(bare, 'rps'))}`;
      return `| ${connections} | ${limit} | ${cells.join(' | ')} | ${round(ceiling)} | ${ratio(ceiling, mean(tp, 'rps'))} | ${ratio(mean(ta, 'rps'), ceiling)} | ${bareCells} |`;
    }),
  );
  return [
    '',
    '## What an answer costs the machine',
    '',
    `Busy CPU of the whole machine (${cores} cores: server, PostgreSQL, load generator, kernel) per answered request. The floor is this revision's recorded answer (same headers and bytes) served by bare \`node:http\` through the same load generator: what sending the answer costs by itself. Statements via pg plus the floor is what any Node API pays for the page; the ceiling is the cores spent on nothing else. The bare API runs this revision's statements through pg (the API's pool of 10, timestamps as text) from bare \`node:http\` and answers JSON.stringify of the driver's rows with the recorded headers: no framework, auth, validation, mapping or paging links, the least any Node API on these statements can do per request.`,
    '',
    '| connections | limit | baseline API ms | this API ms | this via pg ms | floor ms | floor req/s | via pg + floor ms | ceiling req/s | ceiling ÷ this via pg | this API ÷ ceiling | bare API ms | bare API req/s | bare ÷ this via pg | this API ÷ bare |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
  ];
}

/** The bare API on the decided framework: a Fastify instance with no plugin, hook or schema, against node:http. */
function frameworkTable(r: Report, pick: (revision: string, via: CompareRow['via'], connections: number, limit: number) => CompareRow[]): string[] {
  if (!r.rows.some((row) => row.via === 'bare-fastify')) return [];
  const lines = r.connectionCounts.flatMap((connections) =>
    r.limits.map((limit) => {
      const rps = (via: CompareRow['via']): number => mean(pick('this', via, connections, limit), 'rps');
      const fastify = rps('bare-fastify');
      const cpu = round(mean(pick('this', 'bare-fastify', connections, limit), 'machineCpuMs'), 2);
      return `| ${connections} | ${limit} | ${cpu} | ${round(fastify)} | ${ratio(fastify, rps('bare'))} | ${ratio(fastify, rps('pg'))} | ${ratio(rps('api'), fastify)} |`;
    }),
  );
  return [
    '',
    '## The bare API on Fastify',
    '',
    'The same statements, rows and headers as the bare API, answered by a Fastify instance with one catch-all route and nothing registered: no plugin, hook or schema. What the framework itself costs, before anything the API does with it.',
    '',
    '| connections | limit | bare Fastify ms | bare Fastify req/s | ÷ bare node:http | ÷ this via pg | this API ÷ bare Fastify |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...lines,
  ];
}

export function compareReport(r: Report): string {
  const pick = (revision: string, via: CompareRow['via'], connections: number, limit: number): CompareRow[] =>
    r.rows.filter((row) => row.revision === revision && row.via === via && row.connections === connections && row.limit === limit);
  const api: string[] = [];
  const pg: string[] = [];
  const morePg: string[] = [];
  for (const connections of r.connectionCounts) {
    for (const limit of r.limits) {
      const [ba, ta, bp, tp] = [pick('baseline', 'api', connections, limit), pick('this', 'api', connections, limit), pick('baseline', 'pg', connections, limit), pick('this', 'pg', connections, limit)];
      const xa = r.more ? pick(r.more, 'api', connections, limit) : [];
      const more = r.more ? ` ${round(mean(xa, 'rps'))} | ${ratio(mean(xa, 'rps'), mean(ba, 'rps'))} | ${round(mean(xa, 'p50'))} |` : '';
      api.push(`| ${connections} | ${limit} | ${round(mean(ba, 'rps'))} | ${round(mean(ta, 'rps'))} | ${ratio(mean(ta, 'rps'), mean(ba, 'rps'))} | ${round(mean(ba, 'p50'))} | ${round(mean(ta, 'p50'))} |${more}`);
      morePg.push(r.more ? `| ${connections} | ${limit} | ${round(mean(xa, 'rps'))} | ${ratio(mean(xa, 'rps'), mean(bp, 'rps'))} | ${ratio(mean(xa, 'rps'), mean(tp, 'rps'))} |` : '');
      pg.push(
        `| ${connections} | ${limit} | ${mean(bp, 'statements')} | ${round(mean(bp, 'rps'))} | ${mean(tp, 'statements')} | ${round(mean(tp, 'rps'))} | ${ratio(mean(ta, 'rps'), mean(bp, 'rps'))} | ${ratio(mean(ta, 'rps'), mean(tp, 'rps'))} |`,
      );
    }
  }
  return [
    `# List throughput: this revision vs baseline (${r.path}, page 1, PostgreSQL)`,
    '',
    `${new Date().toISOString()}; ${r.seconds} s per run, ${r.rounds} alternating rounds. ${r.machine}; load average at end ${os.loadavg().map((n) => round(n, 2)).join(' / ')}.`,
    'The server, PostgreSQL and the load generator share the machine.',
    '',
    '## API',
    '',
    `| connections | limit | baseline req/s | this req/s | ratio (goal ≥ 2.5 at 16 and 64) | baseline p50 ms | this p50 ms |${r.more ? ` ${r.more} req/s | ratio | p50 ms |` : ''}`,
    `|---:|---:|---:|---:|---:|---:|---:|${r.more ? '---:|---:|---:|' : ''}`,
    ...api,
    '',
    '## Against the statements replayed through pg',
    '',
    "Each revision's statements for one warm request, captured on the wire, replayed back to back through `pg` (pool of 16) by as many concurrent clients as the API had connections.",
    '',
    '| connections | limit | baseline statements | baseline via pg req/s | this statements | this via pg req/s | this API ÷ baseline via pg (goal ≥ 1.2) | this API ÷ this via pg (goal ≥ 0.7) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...pg,
    ...(r.more
      ? ['', `The same against ${r.more} (this revision in several processes; the statements are those of one process):`, '', `| connections | limit | ${r.more} req/s | ÷ baseline via pg (goal ≥ 1.2) | ÷ this via pg (goal ≥ 0.7) |`, '|---:|---:|---:|---:|---:|', ...morePg]
      : []),
    ...machineTable(r, pick),
    ...frameworkTable(r, pick),
    ...profileTable(r.profiles, r.limits),
    '',
  ].join('\n');
}
