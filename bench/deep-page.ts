/**
 * The last page of a list by `page=` (OFFSET) and by the keyset `cursor` of its rel="next" link, on a running
 * server: `npx tsx bench/deep-page.ts --origin http://127.0.0.1:8080 --token acq_... [--path /v1/events] [--runs 40]`.
 * Prints p50/p95 of both (sequential requests, one at a time).
 */
import { parseArgs } from 'node:util';
import { parseLinkHeader } from '../src/contract/headers.ts';
import { summarize, round } from './stats.ts';

const { values } = parseArgs({
  options: {
    origin: { type: 'string', default: 'http://127.0.0.1:8080' },
    token: { type: 'string' },
    path: { type: 'string', default: '/v1/transactions/summaries' },
    limit: { type: 'string', default: '20' },
    runs: { type: 'string', default: '40' },
  },
});
const token = values.token ?? process.env.BENCH_TOKEN;
if (!token) throw new Error('--token (or BENCH_TOKEN) is required');
const headers = { authorization: `Bearer ${token}` };
const runs = Math.min(500, Number(values.runs));
const url = (query: string) => `${values.origin}${values.path}?limit=${values.limit}&${query}`;

const first = await fetch(url('page=1'), { headers });
const total = Number(first.headers.get('x-total-count'));
const lastPage = Math.max(1, Math.ceil(total / Number(values.limit)));
// the cursor into the last page: rel="next" of the page before it
const before = await fetch(url(`page=${Math.max(1, lastPage - 1)}`), { headers });
const next = parseLinkHeader(before.headers.get('link')).next;
if (!next) throw new Error('no rel="next" on the page before the last');

async function time(target: string): Promise<ReturnType<typeof summarize>> {
  const samples: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${res.status} from ${target}`);
    samples.push(performance.now() - t);
  }
  return summarize(samples, performance.now() - started);
}

const byPage = await time(url(`page=${lastPage}`));
const byCursor = await time(`${values.origin}${next}`);
console.log(`${values.path} total ${total} (exact ${first.headers.get('x-total-count-exact')}), last page ${lastPage}, ${runs} runs each`);
console.log(`  page=${lastPage}: p50 ${round(byPage.p50)} ms, p95 ${round(byPage.p95)} ms`);
console.log(`  cursor:      p50 ${round(byCursor.p50)} ms, p95 ${round(byCursor.p95)} ms`);
