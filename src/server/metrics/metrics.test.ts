import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, type NotificationInput } from '../../contract/notifications.ts';
import { problemContentType } from '../../contract/problem.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { ingestNotification } from '../notifications/ingest.ts';
import { processDueEvents } from '../processing/worker.ts';
import { backends, bearer, createTestDatabase, insertOrganization, postgresUrlOf, type TestDatabase } from '../test/harness.ts';
import { createLiveOrg, notification } from '../test/notification-fixture.ts';
import { parseExposition, select, total, type Sample } from '../test/prometheus-text.ts';
import { Metrics, unmatchedRoute } from './metrics.ts';
import { serveMetrics, type MetricsServer } from './metrics-server.ts';

const metricsToken = 'metrics-test-token-0123456789abcdef';
const limits = { perToken: 8, perAddress: 200, authFailures: 2, notifications: 200, windowMs: 60_000 };
/** Every label name the exposition may use: a new one has to be added here, after checking it carries no identifier. */
const allowedLabels = new Set(['process', 'method', 'route', 'status_code', 'format', 'le', 'pool', 'limit', 'outcome', 'quantile', 'space', 'kind', 'type', 'version', 'major', 'minor', 'patch']);

/** What each response said, counted independently of the metrics. */
type Tally = Map<string, number>;
const key = (method: string, route: string, status: number) => `${method} ${route} ${status}`;

describe.each(backends)('metrics on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let test: TestDatabase;
    let app: ApiInstance;
    let metrics: Metrics;
    let listener: MetricsServer;
    let auth: string;
    const orgId = `orgmetrics${kind}`;
    const credentialId = 'd4ps1cmetrics000q7x9';

    beforeAll(async () => {
      test = await createTestDatabase(kind);
      await insertOrganization(test.database, orgId, ['mer1']);
      auth = await bearer(test.database, orgId);
      metrics = new Metrics({ process: '0' });
      app = await buildApp({ database: test.database, webRoot: null, metrics, rateLimits: limits });
      listener = await serveMetrics({ port: 0, host: '127.0.0.1', token: metricsToken }, metrics.exposition);
    });
    afterAll(async () => {
      await listener?.close();
      await app?.close();
      await test?.dispose();
    });

    const scrape = async (): Promise<Sample[]> => {
      const res = await fetch(`${listener.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parseExposition(await res.text());
    };
    const count = (samples: Sample[], method: string, route: string, status: number) =>
      total(samples, 'http_request_duration_seconds_count', { method, route, status_code: String(status) });

    it('counts every answer once under its route pattern, method and status, with a consistent latency histogram', async () => {
      const before = await scrape();
      const seen: Tally = new Map();
      const call = async (method: 'GET' | 'POST', url: string, route: string, headers: Record<string, string> = { authorization: auth }) => {
        const res = await app.inject({ method, url, headers });
        seen.set(key(method, route, res.statusCode), (seen.get(key(method, route, res.statusCode)) ?? 0) + 1);
      };
      for (let i = 0; i < 3; i++) await call('GET', '/v1/me', '/v1/me');
      for (let i = 0; i < 2; i++) await call('GET', `/v1/credentials/${credentialId}`, '/v1/credentials/:id');
      await call('GET', '/v1/no/such/thing-qzxv', unmatchedRoute, {});
      await call('POST', '/v1/me', unmatchedRoute);
      expect([...seen.keys()].sort()).toEqual(['GET (unmatched) 404', 'GET /v1/credentials/:id 404', 'GET /v1/me 200', 'POST (unmatched) 405']);

      const after = await scrape();
      for (const [k, n] of seen) {
        const [method, route, status] = k.split(' ') as [string, string, string];
        expect(count(after, method, route, Number(status)) - count(before, method, route, Number(status)), k).toBe(n);
      }
      // the histogram of /v1/me: buckets never decrease, +Inf holds every observation, the sum is a plausible duration
      const labels = { method: 'GET', route: '/v1/me', status_code: '200' };
      const buckets = select(after, 'http_request_duration_seconds_bucket', labels).sort((a, b) => Number(a.labels.le) - Number(b.labels.le));
      expect(buckets.at(-1)?.labels.le).toBe('+Inf');
      buckets.reduce((previous, b) => (expect(b.value).toBeGreaterThanOrEqual(previous), b.value), 0);
      expect(buckets.at(-1)?.value).toBe(total(after, 'http_request_duration_seconds_count', labels));
      const sum = total(after, 'http_request_duration_seconds_sum', labels);
      expect(sum).toBeGreaterThan(0);
      expect(sum).toBeLessThan(3 * 10);
    });

    it('tells a list\'s CSV export from its JSON page (format), and problems are json', async () => {
      const before = await scrape();
      const list = '/v1/transactions/summaries';
      const page = await app.inject({ url: list, headers: { authorization: auth } });
      const csv = await app.inject({ url: list, headers: { authorization: auth, accept: 'text/csv' } });
      const missing = await app.inject({ url: `/v1/credentials/${credentialId}`, headers: { authorization: auth } });
      expect([page.statusCode, csv.statusCode, missing.statusCode]).toEqual([200, 200, 404]);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const after = await scrape();
      const delta = (labels: Record<string, string>) => total(after, 'http_request_duration_seconds_count', labels) - total(before, 'http_request_duration_seconds_count', labels);
      expect(delta({ route: list, status_code: '200', format: 'json' })).toBe(1);
      expect(delta({ route: list, status_code: '200', format: 'csv' })).toBe(1);
      expect(delta({ route: '/v1/credentials/:id', status_code: '404', format: 'json' })).toBe(1);
    });

    it('labels nothing with an identifier, a raw path or a secret', async () => {
      await app.inject({ url: `/v1/credentials/${credentialId}?q=${orgId}`, headers: { authorization: auth } });
      await app.inject({ url: '/v1/no/such/thing-qzxv' });
      const res = await fetch(`${listener.origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      const text = await res.text();
      for (const secret of [credentialId, orgId, 'mer1', auth.slice('Bearer '.length), metricsToken, 'no/such', 'qzxv']) expect(text).not.toContain(secret);
      const samples = parseExposition(text);
      expect(new Set(samples.flatMap((s) => Object.keys(s.labels)).filter((name) => !allowedLabels.has(name)))).toEqual(new Set());
      const routes = new Set(select(samples, 'http_request_duration_seconds_count').map((s) => s.labels.route));
      for (const route of routes) expect(route === unmatchedRoute || /^\/[a-z0-9/:._*-]*$/i.test(route ?? ''), route).toBe(true);
      expect(routes).toContain('/v1/credentials/:id');
      expect(new Set(samples.map((s) => s.labels.process))).toEqual(new Set(['0']));
    });

    it('counts 429 refusals per limit, as many as the 429s answered', async () => {
      const before = await scrape();
      const fresh = await bearer(test.database, orgId);
      const statuses: number[] = [];
      for (let i = 0; i < limits.perToken + 3; i++) statuses.push((await app.inject({ url: '/v1/me', headers: { authorization: fresh } })).statusCode);
      const wrong: number[] = [];
      for (let i = 0; i < limits.authFailures + 2; i++) wrong.push((await app.inject({ url: '/v1/me', headers: { authorization: `Bearer acq_test_wrong${i}` } })).statusCode);
      expect(statuses.filter((s) => s === 429)).toHaveLength(3);
      expect(wrong.filter((s) => s === 429)).toHaveLength(2);
      const after = await scrape();
      const refusals = (limit: string, samples: Sample[]) => total(samples, 'acq_rate_limit_refusals_total', { limit });
      expect(refusals('token', after) - refusals('token', before)).toBe(3);
      expect(refusals('auth_failures', after) - refusals('auth_failures', before)).toBe(2);
      expect(refusals('address', after) - refusals('address', before)).toBe(0);
      expect(count(after, 'GET', '/v1/me', 429) - count(before, 'GET', '/v1/me', 429)).toBe(5);
    });

    it('reports the pools: the embedded queue, or PostgreSQL connections in use, waiting and refused', async () => {
      const samples = await scrape();
      if (kind === 'pglite') {
        expect(total(samples, 'acq_db_pool_max', { pool: 'embedded' })).toBe(1);
        expect(total(samples, 'acq_db_pool_waiting', { pool: 'embedded' })).toBe(0);
        // three statements queued at once: one runs, two wait
        const queued = [1, 2, 3].map(() => test.database.query('select 1'));
        expect(test.database.poolStats()).toEqual([{ name: 'embedded', max: 1, total: 1, idle: 0, inUse: 1, waiting: 2, waitTimeouts: 0 }]);
        await Promise.all(queued);
        expect(test.database.poolStats()[0]?.waiting).toBe(0);
        return;
      }
      expect(total(samples, 'acq_db_pool_max', { pool: 'primary' })).toBe(10);
      expect(total(samples, 'acq_db_pool_connections', { pool: 'primary' })).toBeGreaterThan(0);
      // a pool of 2 of its own: both connections held, one caller waiting, then refused
      const small = await openDatabase({ databaseUrl: await postgresUrlOf(test.database), poolSize: 2, poolWaitMs: 300 });
      const own = new Metrics({ process: '0' });
      own.watchDatabase(small);
      try {
        const held = [small.query('select pg_sleep(1.5)'), small.query('select pg_sleep(1.5)')];
        for (let i = 0; i < 50 && small.poolStats()[0]?.inUse !== 2; i++) await new Promise((r) => setTimeout(r, 20));
        const waiter = small.query('select 1').catch((error: unknown) => error);
        const during = parseExposition(await own.exposition.render());
        expect(total(during, 'acq_db_pool_max', { pool: 'primary' })).toBe(2);
        expect(total(during, 'acq_db_pool_in_use', { pool: 'primary' })).toBe(2);
        expect(total(during, 'acq_db_pool_waiting', { pool: 'primary' })).toBeGreaterThanOrEqual(1);
        expect(total(during, 'acq_db_pool_wait_timeouts_total', { pool: 'primary' })).toBe(0);
        expect((await waiter as Error).name).toBe('PoolBusyError');
        const refused = parseExposition(await own.exposition.render());
        expect(total(refused, 'acq_db_pool_wait_timeouts_total', { pool: 'primary' })).toBe(1);
        await Promise.all(held);
        const rest = parseExposition(await own.exposition.render());
        expect(total(rest, 'acq_db_pool_in_use', { pool: 'primary' })).toBe(0);
        expect(total(rest, 'acq_db_pool_waiting', { pool: 'primary' })).toBe(0);
        expect(total(rest, 'acq_db_pool_wait_timeouts_total', { pool: 'primary' })).toBe(1);
      } finally {
        await small.close();
      }
    });

    it('reports the event backlog (due, oldest due age) and what the worker did with each claimed event', async () => {
      const org = await createLiveOrg(test.database);
      const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
      const bodies: NotificationInput[] = [
        notification(org, { id: 'saleA', createdAt: at(4000) }),
        notification(org, { id: 'saleA', createdAt: at(3000), transactionType: 'capture' }),
        notification(org, { id: 'saleB', createdAt: at(2000), acquirerTerminalIdentifier: 'T9999999' }),
        notification(org, { id: 'saleC', createdAt: at(1000), transactionType: 'capture' }),
      ];
      for (const body of bodies) await ingestNotification(test.database.db, org.organizationId, Notification.parse(body), Buffer.from(JSON.stringify(body)));
      // all due for 45 s: claimed in the order they were created
      await test.database.query(`update events set next_attempt_at = now() - interval '45 seconds' where organization_id = $1`, [org.organizationId]);
      const due = await scrape();
      expect(total(due, 'acq_events_due')).toBe(4);
      expect(total(due, 'acq_events_oldest_due_age_seconds')).toBeGreaterThanOrEqual(45);
      expect(total(due, 'acq_events_oldest_due_age_seconds')).toBeLessThan(60);

      // one batch: the sale's two steps apply, the unknown terminal fails, the capture without its authorization waits a minute
      await processDueEvents(test.database, { observer: metrics.workerObserver, policy: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 } });
      const after = await scrape();
      const outcome = (name: string, samples: Sample[]) => total(samples, 'acq_worker_events_total', { outcome: name });
      expect([outcome('processed', after) - outcome('processed', due), outcome('failed', after) - outcome('failed', due), outcome('retry', after) - outcome('retry', due)]).toEqual([2, 1, 1]);
      expect(outcome('error', after) + outcome('deferred', after)).toBe(0);
      expect(total(after, 'acq_events_due')).toBe(0);
      expect(total(after, 'acq_events_oldest_due_age_seconds')).toBe(0);
      expect(total(after, 'acq_worker_batch_failures_total')).toBe(0);
    });

    it('carries process CPU and memory', async () => {
      const samples = await scrape();
      expect(total(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
      expect(total(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10e6);
      expect(total(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    });

    it('is served on its own listener only, and refuses a scrape without the metrics token', async () => {
      expect((await app.inject({ url: '/metrics', headers: { authorization: auth } })).statusCode).toBe(404);
      for (const headers of [{}, { authorization: `Bearer ${metricsToken}x` }, { authorization: auth }] as Record<string, string>[]) {
        const res = await fetch(`${listener.origin}/metrics`, { headers });
        expect(res.status).toBe(401);
        expect(res.headers.get('content-type')).toContain(problemContentType);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await res.text()).not.toContain('http_request_duration_seconds');
      }
      const other = await fetch(`${listener.origin}/v1/me`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(other.status).toBe(404);
    });
  });
});

describe('the OpenAPI document', () => {
  let test: TestDatabase;
  let app: ApiInstance;
  beforeAll(async () => {
    test = await createTestDatabase('pglite');
    app = await buildApp({ database: test.database, webRoot: null });
  });
  afterAll(async () => {
    await app?.close();
    await test?.dispose();
  });

  it('documents GET /metrics on the metrics listener (operationId getMetrics, its own bearer scheme) and 503 service-busy beside database-unavailable', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json<{
      paths: Record<string, Record<string, { operationId: string; servers?: { url: string }[]; security?: unknown[]; responses: Record<string, { description: string }> }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    const metrics = document.paths['/metrics']?.get;
    expect(metrics?.operationId).toBe('getMetrics');
    expect(metrics?.servers?.[0]?.url).toBe('http://{host}:{port}');
    expect(metrics?.security).toEqual([{}, { metricsToken: [] }]);
    expect(Object.keys(metrics?.responses ?? {}).sort()).toEqual(['200', '401', '503']);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const busy = document.paths['/v1/me']?.get?.responses['503']?.description ?? '';
    expect(busy).toMatch(/database-unavailable/);
    expect(busy).toMatch(/service-busy/);
  });
});
