/**
 * Is a serializer compiled from the response schema cheaper than the production one? fast-json-stringify compiled
 * from each list's zod schema (zod → JSON Schema, as Fastify would get it) against `Buffer.from(JSON.stringify())`
 * (app.ts), on real pages of a running server: the same bytes or not (and which keys differ), and CPU per page.
 *
 *   npx tsx bench/serializer-compare.ts --origin http://127.0.0.1:PORT --token acq_... [--repeat 2000]
 */
import { parseArgs } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { z } from 'zod/mini';
import { toJSONSchema } from 'zod/v4/core';
import { EventList } from '../src/contract/events.ts';
import { SummaryList } from '../src/contract/summaries.ts';
import { writeShortReport } from './ab-report.ts';
import { recordReport } from './results-index.ts';
import { round } from './stats.ts';

const { values } = parseArgs({ options: { origin: { type: 'string' }, token: { type: 'string' }, repeat: { type: 'string', default: '2000' } } });
if (!values.origin || !values.token) throw new Error('--origin and --token are required');
const repeat = Math.min(20_000, Number(values.repeat));

const cases: [string, z.ZodMiniType][] = [
  ['/v1/transactions/summaries?limit=20', SummaryList],
  ['/v1/transactions/summaries?limit=100', SummaryList],
  ['/v1/events?limit=100', EventList],
];

/** CPU milliseconds per call (user + system of this process), after a warm-up. */
function cpuPerCall(run: () => unknown, count: number): number {
  for (let i = 0; i < Math.min(300, count); i += 1) run();
  const before = process.cpuUsage();
  for (let i = 0; i < count; i += 1) run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

/** Where two texts first differ, with a little of each around it. */
function firstDifference(expected: string, actual: string): string {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at += 1;
  if (at === expected.length && at === actual.length) return '-';
  const around = (text: string) => `\`${text.slice(Math.max(0, at - 12), at + 28).replace(/[|`]/g, ' ')}\``;
  return `byte ${at}: ${around(expected)} vs ${around(actual)}`;
}

const table = ['| page | bytes | JSON.stringify + Buffer ms | fast-json-stringify + Buffer ms | same bytes | first difference (JSON.stringify vs fast-json-stringify) |', '|---|---:|---:|---:|---|---|'];
for (const [path, schema] of cases) {
  const response = await fetch(`${values.origin}${path}`, { headers: { authorization: `Bearer ${values.token}` } });
  const page = (await response.json()) as unknown;
  const jsonSchema = toJSONSchema(schema, { io: 'output', unrepresentable: 'any', reused: 'inline', target: 'draft-07' } as never) as Record<string, unknown>;
  delete jsonSchema.$schema;
  const compiled: (value: unknown) => string = fastJsonStringify(jsonSchema as never);
  const production = JSON.stringify(page);
  const candidate = compiled(page);
  const count = Math.max(50, Math.round((repeat * 20) / Math.max(20, Number(/limit=(\d+)/.exec(path)?.[1] ?? 20))));
  const stringifyMs = cpuPerCall(() => Buffer.from(JSON.stringify(page)), count);
  const compiledMs = cpuPerCall(() => Buffer.from(compiled(page)), count);
  table.push(`| ${path} | ${Buffer.byteLength(production)} | ${round(stringifyMs, 4)} | ${round(compiledMs, 4)} | ${candidate === production ? 'yes' : 'no'} | ${firstDifference(production, candidate)} |`);
}
const file = writeShortReport(
  'serializer-compare',
  'A serializer compiled from the response schema (fast-json-stringify) against JSON.stringify',
  `Pages fetched from ${values.origin}; fast-json-stringify ${'7'} compiled from each list's zod schema (zod's toJSONSchema, output side, draft-07); CPU per page of this process over ${repeat} limit=20-equivalent calls, after a warm-up. The production serializer is \`Buffer.from(JSON.stringify(page))\` (src/server/app.ts).`,
  table,
);
recordReport('bench/results', {
  configuration: 'serializer compare (fast-json-stringify vs JSON.stringify)',
  files: [file],
  date: new Date().toISOString(),
  headline: table.slice(2).map((row) => row.split(' | ').slice(0, 5).join(' | ').replace(/^\| /, '')).join('; '),
  how: 'npx tsx bench/serializer-compare.ts (see its header)',
});
