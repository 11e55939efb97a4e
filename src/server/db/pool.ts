import pg from 'pg';

/**
 * Connections per pool and process (DB_POOL_SIZE). Ten keep two cores (API and PostgreSQL on one machine) busy:
 * `limit=20` pages gave 2 130 req/s at 8 concurrent requests and 1 996 at 64 (bench/results/latest.md), so more
 * connections add queueing inside PostgreSQL, not answers; PostgreSQL's default max_connections (100) then holds
 * WORKERS × 10 for a few processes plus the replica pools and event workers. docs/metrics.md has the figures.
 */
export const defaultPoolSize = 10;
/**
 * How long a request waits for one of the pool's connections before it is refused with 503 service-busy
 * (DB_POOL_WAIT_MS); see docs/metrics.md for the figures behind it.
 */
export const defaultPoolWaitMs = 2000;

/** Which pool: the primary's, the read replica's, or the embedded database's one-at-a-time queue. */
export type PoolName = 'primary' | 'replica' | 'embedded';

export interface PoolStats {
  name: PoolName;
  /** connections allowed (the embedded database runs one statement at a time: 1) */
  max: number;
  /** connections open */
  total: number;
  idle: number;
  /** connections checked out by a statement or transaction */
  inUse: number;
  /** callers waiting for a connection */
  waiting: number;
  /** callers refused since the start because no connection came free within the wait (PoolBusyError) */
  waitTimeouts: number;
}

/** Every connection open and checked out: the next caller waits. */
export const saturated = (stats: PoolStats): boolean => stats.idle === 0 && stats.total >= stats.max;

/** pg-pool's error when a caller waited `connectionTimeoutMillis` in its queue and no connection came free. */
const queueTimeoutMessage = 'timeout exceeded when trying to connect';

/**
 * Every connection of the pool stayed busy for the whole wait: the database may be perfectly healthy, the
 * process just asks more of it at once than the pool holds. Rendered as 503 service-busy (errors.ts), never as
 * database-unavailable. Carries the pool's state at that moment for the log line.
 */
export class PoolBusyError extends Error {
  override readonly name = 'PoolBusyError';
  readonly code = 'POOL_BUSY';

  constructor(
    readonly stats: PoolStats,
    readonly waitedMs: number,
    cause: Error,
  ) {
    super(`no connection of the ${stats.name} pool came free within ${waitedMs} ms (${stats.inUse} of ${stats.max} in use, ${stats.waiting} more waiting)`, { cause });
  }
}

/** The PoolBusyError in an error's cause chain (Drizzle wraps driver errors), if any. */
export function poolBusyIn(error: unknown): PoolBusyError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth += 1) {
    if (e instanceof PoolBusyError) return e;
  }
  return null;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pg.Pool whose queue timeout is a PoolBusyError with the pool's state (pg-pool's own is a bare Error whose
 * message the database-unavailable check also matches), and which counts those refusals. pool.query and
 * Drizzle's transactions both come through connect().
 */
export class GuardedPool extends pg.Pool {
  waitTimeouts = 0;

  constructor(
    readonly poolName: PoolName,
    config: pg.PoolConfig,
  ) {
    super(config);
  }

  stats(): PoolStats {
    return {
      name: this.poolName,
      max: this.options.max,
      total: this.totalCount,
      idle: this.idleCount,
      inUse: this.totalCount - this.idleCount,
      waiting: this.waitingCount,
      waitTimeouts: this.waitTimeouts,
    };
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const started = performance.now();
    if (callback) return super.connect((error, client, done) => callback(error ? this.named(error, started) : undefined, client, done));
    return super.connect().catch((error: unknown) => {
      throw this.named(error, started);
    });
  }

  private named<E>(error: E, started: number): E | PoolBusyError {
    if (!(error instanceof Error) || error.message !== queueTimeoutMessage) return error;
    this.waitTimeouts += 1;
    return new PoolBusyError(this.stats(), Math.round(performance.now() - started), error);
  }
}

export interface PoolSettings {
  /** DB_POOL_SIZE */
  size: number;
  /** DB_POOL_WAIT_MS: the longest a caller waits for a connection, a free one or a new one */
  waitMs: number;
  /** DB_CONNECT_TIMEOUT_MS: a new connection gives up after this */
  connectTimeoutMs: number;
}

/**
 * The pool's connectionTimeoutMillis is its queue wait (and bounds a new connection too); each connection's own
 * connectionTimeoutMillis is the connect timeout, so the two can be set apart.
 */
export function guardedPoolConfig(settings: PoolSettings): Pick<pg.PoolConfig, 'max' | 'connectionTimeoutMillis' | 'Client'> {
  const connectTimeoutMs = settings.connectTimeoutMs;
  class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(typeof config === 'string' ? { connectionString: config, connectionTimeoutMillis: connectTimeoutMs } : { ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  return { max: settings.size, connectionTimeoutMillis: settings.waitMs, Client: TimedClient };
}
