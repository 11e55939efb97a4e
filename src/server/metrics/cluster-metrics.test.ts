import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type ClusterProcess } from '../test/cluster-process.ts';
import { postgresAvailable } from '../test/harness.ts';
import { freePort } from '../test/free-port.ts';
import { parseExposition, select, total, type Sample } from '../test/prometheus-text.ts';

const token = 'acq_test_cluster_metrics_token_00000001';
const route = '/v1/transactions/summaries';

/** One request on a connection of its own (no keep-alive), so the cluster hands each to the next process in turn. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
    request.on('error', reject);
  });
}

describe.skipIf(!postgresAvailable)('WORKERS=2 on PostgreSQL: the primary serves every process on the metrics port', () => {
  let cluster: ClusterProcess;
  let metricsUrl = '';
  const scrape = async (): Promise<Sample[]> => {
    const res = await get(metricsUrl);
    expect(res.status).toBe(200);
    return parseExposition(res.body);
  };
  const processes = (samples: Sample[]) => new Set(samples.map((s) => s.labels.process));

  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    cluster = await startCluster(token, { METRICS_PORT: String(metricsPort) });
  }, 120_000);
  afterAll(async () => {
    await cluster?.kill();
  });

  it('one scrape holds each process under its slot; the per-process counts add up to the requests sent', async () => {
    expect(cluster.output()).toContain(`Metrics: ${metricsUrl} (every API process)`);
    // each API process joins the primary's collection once it listens
    let first: Sample[] = [];
    for (let i = 0; i < 50 && !['0', '1'].every((p) => processes(first).has(p)); i++) {
      first = await scrape();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(processes(first)).toEqual(new Set(['0', '1', 'primary']));
    const before = (process: string) => total(first, 'http_request_duration_seconds_count', { route, status_code: '200', process });

    const sent = 24;
    for (let i = 0; i < sent; i += 4) {
      const answers = await Promise.all([0, 1, 2, 3].map(() => get(`${cluster.origin}${route}?limit=5`, { authorization: `Bearer ${token}` })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    }
    const after = await scrape();
    const served = ['0', '1'].map((p) => total(after, 'http_request_duration_seconds_count', { route, status_code: '200', process: p }) - before(p));
    expect(served[0]! + served[1]!).toBe(sent);
    // connections go round the processes: both answered some
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
    // each process's pool and process figures, and the primary's own
    for (const p of ['0', '1']) {
      expect(total(after, 'acq_db_pool_max', { pool: 'primary', process: p })).toBe(10);
      expect(total(after, 'acq_db_pool_connections', { pool: 'primary', process: p })).toBeGreaterThan(0);
      expect(total(after, 'process_resident_memory_bytes', { process: p })).toBeGreaterThan(10e6);
    }
    expect(total(after, 'process_cpu_seconds_total', { process: 'primary' })).toBeGreaterThan(0);
    expect(select(after, 'acq_db_pool_max', { process: 'primary' })).toEqual([]);
    // the database-wide backlog, read by each process: the same figure under each slot
    expect(select(after, 'acq_events_due').map((s) => s.value)).toEqual([0, 0]);
  }, 60_000);

  it('a rolling restart (SIGHUP) hands each slot to the replacement: still exactly slots 0 and 1', async () => {
    const restarted = () => [...cluster.output().matchAll(/restarted: API process \d+ replaced by \d+/g)].length;
    process.kill(cluster.child.pid ?? 0, 'SIGHUP');
    await cluster.until(() => restarted() === 2, 'both processes replaced');
    let samples: Sample[] = [];
    for (let i = 0; i < 50; i++) {
      samples = await scrape();
      // while an old process drains beside its replacement, the slot's two pools add up (20)
      if (['0', '1'].every((p) => total(samples, 'acq_db_pool_max', { process: p }) === 10)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(processes(samples)).toEqual(new Set(['0', '1', 'primary']));
    expect(select(samples, 'acq_db_pool_max').map((s) => [s.labels.process, s.value]).sort()).toEqual([
      ['0', 10],
      ['1', 10],
    ]);
  }, 120_000);
});
