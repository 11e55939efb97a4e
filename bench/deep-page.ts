/**
 * The last page of a list on a running server, four ways: by `page=` (OFFSET), by the keyset `cursor` of the
 * rel="next" link of the page before it, by the rel="last" end cursor (read backwards from the end), and by
 * that page's rel="prev" cursor (a backwards seek):
 * `npx tsx bench/deep-page.ts --origin http://127.0.0.1:8080 --token acq_... [--path /v1/events] [--runs 40] [--last-page N]`.
 * `--last-page` names the true last page when the total is an estimate (else it is computed from X-Total-Count).
 * Prints p50/p95 of each (sequential requests, one at a time) and the load average before and after.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { parseLinkHeader, responseHeaders } from '../src/contract/headers.ts';
import { summarize, round } from './stats.ts';

const { values } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:8080' },
    token: { type: 'string' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    limit: { type: 'string', default: '20' },
    runs: { type: 'string', default: '40' },
    'last-page': { type: 'string' },
  },
});
const token = values.token ?? process.env.BENCH_TOKEN;
if (!token) throw new Error('--token (or BENCH_TOKEN) is required');
const headers = { authorization: `Bearer ${token}` };
const runs = Math.min(500, Number(values.runs));
const url = (query: string) => `${values.origin}${values.path}?limit=${values.limit}&${query}`;
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const loadBefore = load();

async function get(target: string): Promise<{ links: Record<string, string>; rows: number; headers: Headers }> {
  const res = await fetch(target, { headers });
  if (!res.ok) throw new Error(`${res.status} from ${target}: ${await res.text()}`);
  const rows = ((await res.json()) as unknown[]).length;
  return { links: parseLinkHeader(res.headers.get(responseHeaders.link)), rows, headers: res.headers };
}

const first = await get(url('page=1'));
const total = Number(first.headers.get(responseHeaders.totalCount));
const exact = first.headers.get(responseHeaders.totalCountExact);
const lastPage = values['last-page'] ? Number(values['last-page']) : Math.max(1, Math.ceil(total / Number(values.limit)));
// the cursor into the last page: rel="next" of the page before it (read once by number)
const before = await get(url(`page=${Math.max(1, lastPage - 1)}`));
const next = before.links.next;
if (!next) throw new Error(`no rel="next" on page ${lastPage - 1}`);
// the end cursor (rel="last" of an estimated total); a server without one (before issue 13) skips those rows
const end = first.links.last?.includes('cursor=') ? first.links.last : undefined;
const prev = end === undefined ? undefined : (await get(`${values.origin}${end}`)).links.prev;

async function time(target: string): Promise<ReturnType<typeof summarize> & { rows: number }> {
  const samples: number[] = [];
  let rows = 0;
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const res = await fetch(target, { headers });
    const body = (await res.json()) as unknown[];
    if (!res.ok) throw new Error(`${res.status} from ${target}`);
    samples.push(performance.now() - t);
    rows = body.length;
  }
  return { ...summarize(samples, performance.now() - started), rows };
}

const cases: [string, string | undefined][] = [
  [`page=${lastPage} (OFFSET)`, url(`page=${lastPage}`)],
  ['cursor: rel="next" of the page before', `${values.origin}${next}`],
  ['cursor: rel="last" (end cursor)', end && `${values.origin}${end}`],
  ['cursor: rel="prev" of the last page', prev && `${values.origin}${prev}`],
];
console.log(`${values.path} total ${total} (exact ${exact}), last page ${lastPage}, limit ${values.limit}, ${runs} sequential runs each; load average ${loadBefore}`);
console.log('| request | rows | p50 ms | p95 ms | max ms |');
console.log('|---|---|---|---|---|');
for (const [name, target] of cases) {
  if (target === undefined) {
    console.log(`| ${name} | no such link | | | |`);
    continue;
  }
  const s = await time(target);
  console.log(`| ${name} | ${s.rows} | ${round(s.p50)} | ${round(s.p95)} | ${round(s.max)} |`);
}
console.log(`load average after: ${load()}`);
