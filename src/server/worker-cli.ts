import { openDatabase } from './db/client.ts';
import { Metrics } from './metrics/metrics.ts';
import { serveMetrics } from './metrics/metrics-server.ts';
import { metricsPath } from './metrics/metrics-settings.ts';
import { startWorker } from './processing/worker.ts';
import { readEnv } from './runtime-env.ts';

/**
 * `npm run worker`: processes pending events in its own process. Needs PostgreSQL (DATABASE_URL): the
 * embedded database admits one process, whose server runs its own worker. Run several: they claim events
 * with FOR UPDATE SKIP LOCKED and never process the same one.
 */
async function main(): Promise<void> {
  const env = readEnv();
  if (!env.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL (PostgreSQL): with the embedded database the server processes events itself.');
    process.exit(1);
  }
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    queryTimeoutMs: env.dbQueryTimeoutMs,
    poolSize: env.dbPoolSize,
    poolWaitMs: env.dbPoolWaitMs,
  });
  // METRICS_PORT (one per worker process): its outcomes, its pool and the backlog, labelled process="worker"
  const metrics = env.metrics ? new Metrics({ process: 'worker' }) : undefined;
  metrics?.watchDatabase(database);
  const metricsServer = metrics && env.metrics ? await serveMetrics(env.metrics, metrics.exposition) : null;
  if (metricsServer) console.log(`Worker ${process.pid}: metrics at ${metricsServer.origin}${metricsPath}`);
  const worker = startWorker(database, {
    idleMs: Number(process.env.WORKER_IDLE_MS ?? 250),
    listen: env.databaseUrl,
    observer: metrics?.workerObserver,
    log: (message, error) => console.error(message, error instanceof Error ? error.message : ''),
  });
  console.log(`Worker ${process.pid}: processing pending events (stop with Ctrl+C).`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void worker
        .stop()
        .then(() => Promise.all([database.close(), metricsServer?.close()]))
        .then(() => process.exit(0));
    });
  }
}

await main();
