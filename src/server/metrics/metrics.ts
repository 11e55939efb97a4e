import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from '@prometheus-io/client';
import type { Database } from '../db/client.ts';
import { saturated, type PoolStats } from '../db/pool.ts';
import { rateLimitNames, type RateLimitName } from '../lib/rate-limit.ts';
import { readDueBacklog, type DueBacklog } from '../processing/backlog.ts';
import { workerOutcomes, type WorkerObserver } from '../processing/worker.ts';
import type { Exposition } from './metrics-server.ts';

/** Request latency buckets (seconds): cached pages answer in about a millisecond, a busy pool refuses after DB_POOL_WAIT_MS. */
const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** The route label of requests no route matched (404, 405, the dashboard's client-side paths): never the raw path. */
export const unmatchedRoute = '(unmatched)';
/** A scrape gives the backlog query this long; past it the two backlog gauges are left out of that scrape. */
const backlogTimeoutMs = 1000;

/** A registry whose every sample carries `process` (a cluster slot 0..WORKERS-1, `primary`, or `worker`), with Node's process metrics. */
export function processRegistry(process: string): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ process });
  // event-loop utilization sampled each second rather than every 100 ms: the library's 10 Hz summary alone
  // cost an idle process about 2 ms of CPU per second (measured; docs/metrics.md)
  collectDefaultMetrics({ register: registry, eventLoopUtilizationTimeout: 1000 });
  return registry;
}

/**
 * The metrics of one process (docs/metrics.md lists them). Labels are fixed vocabularies only: route patterns,
 * methods, status codes, pool, limit and outcome names; never an id, a raw path, a token or an organization.
 */
export class Metrics {
  readonly registry: Registry;
  readonly http: Histogram<'method' | 'route' | 'status_code' | 'format'>;
  private readonly refusals: Counter<'limit'>;
  private readonly events: Counter<'outcome'>;
  private readonly batchFailures: Counter;
  private readonly databases: Database[] = [];

  constructor(options: { process: string }) {
    const registers = [(this.registry = processRegistry(options.process))];
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Requests answered, by route pattern, method, status and format (json, csv, other), and how long they took (until the last byte was handed to the socket)',
      labelNames: ['method', 'route', 'status_code', 'format'],
      buckets: latencyBuckets,
      registers,
    });
    this.refusals = new Counter({ name: 'acq_rate_limit_refusals_total', help: 'Requests refused with 429 by a rate limit', labelNames: ['limit'], registers });
    for (const limit of rateLimitNames) this.refusals.inc({ limit }, 0);
    this.events = new Counter({ name: 'acq_worker_events_total', help: 'Events claimed by the event worker of this process, by outcome', labelNames: ['outcome'], registers });
    for (const outcome of workerOutcomes) this.events.inc({ outcome }, 0);
    this.batchFailures = new Counter({ name: 'acq_worker_batch_failures_total', help: 'Event worker batches that failed as a whole (retried)', registers });
    this.poolMetrics(registers);
    this.backlogMetrics(registers);
  }

  /** Reports this database's pools and the event backlog from now on. */
  watchDatabase(database: Database): void {
    this.databases.push(database);
  }

  readonly refused = (limit: RateLimitName): void => this.refusals.inc({ limit });

  readonly workerObserver: WorkerObserver = {
    committed: (outcomes) => {
      for (const outcome of outcomes) this.events.inc({ outcome });
    },
    batchFailed: () => this.batchFailures.inc(),
  };

  private pools(): PoolStats[] {
    return this.databases.flatMap((database) => database.poolStats());
  }

  private poolMetrics(registers: Registry[]): void {
    const pools = () => this.pools();
    const gauge = (name: string, help: string, value: (pool: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['pool'],
        registers,
        collect() {
          this.reset();
          for (const pool of pools()) this.set({ pool: pool.name }, value(pool));
        },
      });
    gauge('acq_db_pool_max', 'Connections the pool may open (DB_POOL_SIZE; the embedded database runs one statement at a time)', (p) => p.max);
    gauge('acq_db_pool_connections', 'Connections open', (p) => p.total);
    gauge('acq_db_pool_in_use', 'Connections checked out by a statement or transaction', (p) => p.inUse);
    gauge('acq_db_pool_waiting', 'Callers waiting for a connection', (p) => p.waiting);
    // a counter kept by the pool itself: each scrape adds what it grew by since the last
    const seen = new Map<string, number>();
    new Counter({
      name: 'acq_db_pool_wait_timeouts_total',
      help: 'Requests refused with 503 service-busy: no connection came free within DB_POOL_WAIT_MS',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const pool of pools()) {
          this.inc({ pool: pool.name }, pool.waitTimeouts - (seen.get(pool.name) ?? 0));
          seen.set(pool.name, pool.waitTimeouts);
        }
      },
    });
  }

  private backlogMetrics(registers: Registry[]): void {
    // both gauges' collects run in the same scrape, while the first one's read is in flight: they share it
    let inFlight: Promise<DueBacklog | null> | null = null;
    const backlog = (): Promise<DueBacklog | null> => {
      if (inFlight) return inFlight;
      const database = this.databases[0];
      // a saturated pool: the scrape would queue behind (and compete with) the requests; no backlog this time
      if (!database || database.poolStats().some((pool) => pool.name !== 'replica' && saturated(pool))) return Promise.resolve(null);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(resolve, backlogTimeoutMs, null)));
      const read = readDueBacklog(database).catch(() => null);
      inFlight = Promise.race([read, timeout]).finally(() => {
        clearTimeout(timer);
        inFlight = null;
      });
      return inFlight;
    };
    const gauge = (name: string, help: string, value: (b: DueBacklog) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const read = await backlog();
          // unreadable (database away, or slower than backlogTimeoutMs): no sample rather than a stale one or a 0
          if (read) this.set(value(read));
          else this.remove();
        },
      });
    gauge('acq_events_due', 'Pending events due for processing now (the whole database, whichever process processes them)', (b) => b.due);
    gauge('acq_events_oldest_due_age_seconds', 'How long the oldest due event has waited: the event workers lag (0 when none is due)', (b) => b.oldestDueSeconds);
  }

  /** What the metrics listener serves for this process alone. */
  readonly exposition: Exposition = { contentType: Registry.PROMETHEUS_CONTENT_TYPE, render: () => this.registry.metrics() };
}
