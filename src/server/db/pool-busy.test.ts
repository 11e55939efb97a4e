import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemContentType, type Problem } from '../../contract/problem.ts';
import { buildApp } from '../app.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { upsertProviders } from '../providers/providers-sync.ts';
import { bearer, insertOrganization, postgresAvailable } from '../test/harness.ts';
import { postgresBehindProxy, type TcpProxy } from '../test/tcp-proxy.ts';
import { openDatabase, type Database } from './client.ts';
import { GuardedPool, guardedPoolConfig, PoolBusyError } from './pool.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  err?: { type: string; message: string; code?: string; stack: string; cause?: { message: string } };
  pool?: Record<string, unknown>;
}

/** The app's pino output, line by line, as an operator's log shipper would read it. */
function capturedLogger() {
  const lines: LogLine[] = [];
  const stream = { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) };
  return { lines, logger: { level: 'warn', stream } };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`${what} did not happen within 2 s`);
};

describe('the pool wait and the connect timeout are two settings, and a new connection that never answers is an outage', () => {
  let blackHole: net.Server;
  let url = '';
  beforeAll(async () => {
    // accepts connections, reads what it is sent and never says a word: a database host that hangs
    blackHole = net.createServer((socket) => socket.on('error', () => undefined).resume()).listen(0, '127.0.0.1');
    await new Promise((resolve) => blackHole.once('listening', resolve));
    url = `postgres://nobody@127.0.0.1:${(blackHole.address() as net.AddressInfo).port}/none`;
  });
  afterAll(() => new Promise<void>((resolve) => blackHole.close(() => resolve())));

  for (const [waitMs, connectTimeoutMs] of [
    [150, 2000],
    [2000, 150],
  ] as const) {
    it(`wait ${waitMs} ms, connect ${connectTimeoutMs} ms: gives up after the shorter, as database-unavailable`, async () => {
      const pool = new GuardedPool('primary', { connectionString: url, ...guardedPoolConfig({ size: 2, waitMs, connectTimeoutMs }) });
      pool.on('error', () => undefined);
      const started = performance.now();
      const error = await pool.query('select 1').catch((e: unknown) => e);
      const tookMs = performance.now() - started;
      await pool.end();
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(PoolBusyError);
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(tookMs).toBeGreaterThanOrEqual(140);
      expect(tookMs).toBeLessThan(1500);
      expect(pool.waitTimeouts).toBe(0);
    });
  }
});

describe.skipIf(!postgresAvailable)('a saturated pool answers 503 service-busy; an unreachable database still 503 database-unavailable (PostgreSQL)', () => {
  let proxy: TcpProxy;
  let database: Database;
  let drop: () => Promise<void>;
  let app: ApiInstance;
  let auth: string;
  const log = capturedLogger();
  const waitMs = 300;

  beforeAll(async () => {
    let url: string;
    ({ proxy, url, drop } = await postgresBehindProxy());
    database = await openDatabase({ databaseUrl: url, poolSize: 2, poolWaitMs: waitMs, connectTimeoutMs: 1000 });
    await upsertProviders(database.db);
    await insertOrganization(database, 'orgbusy', ['m1']);
    auth = await bearer(database, 'orgbusy');
    // every request reaches the database (no cached token lookup)
    app = await buildApp({ database, webRoot: null, tokenCacheSeconds: 0, logger: log.logger });
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await database?.close().catch(() => undefined);
    await drop?.();
  });

  const me = () => app.inject({ url: '/v1/me', headers: { authorization: auth } });

  it('both connections busy for the whole wait: 503 service-busy with Retry-After, logged as an error with the pool state', async () => {
    expect((await me()).statusCode).toBe(200);
    // the two connections held by long statements: the database is up and answering the whole time
    const held = [database.query('select pg_sleep(1.2)'), database.query('select pg_sleep(1.2)')];
    await until(() => database.poolStats()[0]?.inUse === 2, 'both connections checked out');
    const during = await Promise.all([me(), me(), me()]);
    for (const res of during) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toContain(problemContentType);
      expect(res.headers['retry-after']).toBe('1');
      const problem = res.json<Problem>();
      expect(problem.type).toBe('https://acquirer-console.dev/problems/service-busy');
      expect(problem.detail).toMatch(/^The service is busy: no database connection came free within \d+ ms\. Nothing was changed; retry in 1 second\.$/);
      expect(problem.detail).not.toMatch(/unreachable/);
    }
    await Promise.all(held);
    expect((await me()).statusCode).toBe(200);

    const busyLines = log.lines.filter((line) => line.msg.startsWith('database pool busy'));
    expect(busyLines).toHaveLength(3);
    const requestIds = new Set(during.map((res) => res.headers['x-request-id']));
    for (const line of busyLines) {
      expect(line.level).toBe(40);
      expect(requestIds.has(line.requestId)).toBe(true);
      expect(line.err?.type).toBe('PoolBusyError');
      expect(line.err?.code).toBe('POOL_BUSY');
      expect(line.err?.message).toMatch(/^no connection of the primary pool came free within \d+ ms \(2 of 2 in use, \d+ more waiting\)$/);
      expect(line.err?.stack).toMatch(/^\s+at /);
      expect(line.err?.cause?.message).toBe('timeout exceeded when trying to connect');
      expect(line.pool).toMatchObject({ name: 'primary', max: 2, total: 2, idle: 0, inUse: 2 });
      expect(line.pool?.waiting).toEqual(expect.any(Number));
      expect(line.pool?.waitedMs).toBeGreaterThanOrEqual(waitMs - 5);
      expect(line.pool?.waitedMs).toBeLessThan(waitMs + 1000);
    }
    expect(JSON.stringify(log.lines)).not.toContain('non-error value thrown');
    expect(database.poolStats()[0]?.waitTimeouts).toBe(3);
  });

  it('the database refusing connections keeps its own type (database-unavailable, Retry-After 5), logged as the real error', async () => {
    log.lines.length = 0;
    await proxy.cut();
    const res = await me();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json<Problem>().type).toBe('https://acquirer-console.dev/problems/database-unavailable');
    const line = log.lines.find((l) => l.msg === 'database unavailable');
    expect(line?.err?.message).not.toBe('non-error value thrown');
    expect(JSON.stringify(line?.err)).toMatch(/ECONNREFUSED|Connection terminated|connect/);
    await proxy.restore();
    for (let i = 0; i < 50 && (await me()).statusCode !== 200; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await me()).statusCode).toBe(200);
  });
});
