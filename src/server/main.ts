import cluster from 'node:cluster';
import { bannerEnv, processCount, runPrimary, slotEnv } from './cluster.ts';
import { firstStartLines, prepareDatabase } from './bootstrap.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { serveClusterMetrics } from './metrics/cluster-metrics.ts';
import { metricsPath } from './metrics/metrics-settings.ts';
import { readEnv } from './runtime-env.ts';
import { startServer } from './server-start.ts';

const env = readEnv();
// npm start runs node_modules/.bin/node (the `node` dependency); a server started with another Node says so
if (Number(process.versions.node.split('.')[0]) < 24) console.warn(`Node ${process.version} is out of support: this server is built and tested on Node 24 (docs/production-and-scaling.md).`);
const fail = (error: unknown) => {
  const code = (error as { code?: string }).code;
  console.error(code === 'EADDRINUSE' ? 'The port is in use: set PORT to a free one.' : error instanceof DataDirLockedError || error instanceof Error ? error.message : error);
  process.exit(1);
};

let processes = 1;
if (cluster.isPrimary) {
  try {
    processes = processCount(env);
  } catch (error) {
    fail(error);
  }
}

if (cluster.isPrimary && processes > 1) {
  // migrations and the first start's demo data once, before the API processes open the database
  const prepared = await prepareDatabase(env, (line) => console.log(line)).catch(fail);
  await prepared.database.close();
  for (const line of firstStartLines(prepared)) console.log(line);
  // the primary answers the scrape for every API process (metrics/cluster-metrics.ts)
  if (env.metrics) console.log(`Metrics: ${(await serveClusterMetrics(env.metrics).catch(fail)).origin}${metricsPath} (every API process)`);
  runPrimary(processes);
} else {
  const quiet = cluster.isWorker && process.env[bannerEnv] !== '1';
  // event processing runs in the first API process only (two workers processed fewer events than one in the
  // 2026-11-24 ingest bench); npm run worker adds more where wanted
  const metrics = { process: cluster.isWorker ? (process.env[slotEnv] ?? '0') : '0', viaPrimary: cluster.isWorker };
  const server = await startServer({ ...env, worker: env.worker && !quiet }, { quiet, rolling: cluster.isWorker, metrics }).catch(fail);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (!quiet) console.log(`${signal}: finishing in-flight requests, then closing the server and the database...`);
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
