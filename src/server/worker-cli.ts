import { openDatabase } from './db/client.ts';
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
  const worker = startWorker(database, {
    idleMs: Number(process.env.WORKER_IDLE_MS ?? 250),
    listen: env.databaseUrl,
    log: (message, error) => console.error(message, error instanceof Error ? error.message : ''),
  });
  console.log(`Worker ${process.pid}: processing pending events (stop with Ctrl+C).`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void worker.stop().then(() => database.close()).then(() => process.exit(0));
    });
  }
}

await main();
