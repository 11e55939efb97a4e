import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp, defaultWebRoot } from './app.ts';
import { demoAdminSecondFactorHint, describeDatabase, firstStartTexts, prepareDatabase } from './bootstrap.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import type { RuntimeEnv } from './runtime-env.ts';
import { ChangeBus } from './live/change-bus.ts';
import { readSealingKey } from './notifications/signing-secrets.ts';
import { DueNotifier } from './processing/due-signal.ts';
import { startWorker, type RunningWorker } from './processing/worker.ts';
import { startBuiltInSimulation } from './simulate/built-in.ts';
import { joinClusterMetrics } from './metrics/cluster-metrics.ts';
import { Metrics } from './metrics/metrics.ts';
import { serveMetrics, type MetricsServer } from './metrics/metrics-server.ts';
import { metricsPath } from './metrics/metrics-settings.ts';
import { smtpMailer } from './people/invitation-mail.ts';

export interface RunningServer {
  app: ApiInstance;
  origin: string;
  stop(): Promise<void>;
}

const drainNoticeMs = 1500;

/**
 * A rolling restart's first step: stop accepting (the cluster hands new connections to the other processes),
 * close idle keep-alive connections, and let busy ones end after their answer (Connection: close), so no
 * request gets the 503 that app.close() gives to requests arriving while it closes. Bounded by `limitMs`.
 */
async function drain(app: ApiInstance, limitMs: number): Promise<void> {
  // from now on every answer ends its keep-alive connection, so clients reconnect to another process (set as
  // each request arrives, outside the request hooks, so no request pays for it before a restart)
  app.server.on('request', (_request, response) => response.setHeader('connection', 'close'));
  // first a moment in which every answer (on old and new connections alike) tells its client to reconnect, so
  // the keep-alive connections are closed by their clients between requests, not by the server under them
  await new Promise((resolve) => setTimeout(resolve, Math.min(drainNoticeMs, limitMs)));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    app.server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    app.server.closeIdleConnections();
  });
}

export interface StartOptions {
  dashboardUrl?: string;
  /** one of several cluster processes, not the first: no banner, no built-in simulation */
  quiet?: boolean;
  /** one of several cluster processes: on stop, drain before closing (others keep serving) */
  rolling?: boolean;
  /** with METRICS_PORT: this process's `process` label, and whether the cluster primary serves its samples (else it listens itself) */
  metrics?: { process: string; viaPrimary: boolean };
}

/** Prepares the database, starts the API (and the built dashboard) and prints how to use it. */
export async function startServer(env: RuntimeEnv, options: StartOptions = {}): Promise<RunningServer> {
  const log = options.quiet ? () => undefined : (line: string) => console.log(line);
  log(`Database: ${describeDatabase(env)}`);
  const prepared = await prepareDatabase(env, log, (error) => console.error(`Database connection error (the server keeps running and answers 503 until it returns): ${error.message.split('\n')[0] ?? ''}`));
  const webRoot = env.webRoot === undefined ? defaultWebRoot : path.resolve(env.webRoot);
  const signingKey = readSealingKey(env.signingSecretKey);
  if (!signingKey) log('Signing secrets are stored unsealed: set SIGNING_SECRET_KEY (32 bytes, hex or base64) to seal them at rest.');
  const changes = new ChangeBus();
  let worker: RunningWorker | null = null;
  // PostgreSQL: worker processes (and the worker of the first API process) hear of new due events by NOTIFY
  const dueNotifier = env.databaseUrl ? new DueNotifier(prepared.database) : null;
  const metrics = env.metrics ? new Metrics({ process: options.metrics?.process ?? '0' }) : undefined;
  const app = await buildApp({
    metrics,
    live: {
      changes,
      signingKey,
      wakeWorker: () => {
        worker?.wake();
        dueNotifier?.notify();
      },
    },
    database: prepared.database,
    logger: { level: env.logLevel },
    publicApiBaseUrl: env.publicApiBaseUrl,
    corsOrigin: env.corsOrigin,
    webRoot: webRoot,
    countCap: env.countCap,
    rateLimits: env.rateLimits,
    behindTls: env.behindTls,
    ...(env.trustProxy === undefined ? {} : { trustProxy: env.trustProxy }),
    sessionIdleMinutes: env.sessionIdleMinutes,
    limits: env.limits,
    idempotencyTtlHours: env.idempotencyTtlHours,
    retentionMonths: env.retentionMonths,
    auditRetentionDays: env.auditRetentionDays,
    tokenCacheSeconds: env.tokenCacheSeconds,
    totalCacheSeconds: env.totalCacheSeconds,
    validateResponses: env.validateResponses,
    oidcRedirectUri: env.oidcRedirectUri,
    mailer: env.smtpUrl ? smtpMailer(env.smtpUrl, env.smtpFrom) : null,
    dashboardUrl: env.publicUrl,
  });
  let metricsServer: MetricsServer | null = null;
  try {
    await app.listen({ port: env.port, host: env.host });
    if (metrics && env.metrics) {
      if (options.metrics?.viaPrimary) joinClusterMetrics(metrics);
      else metricsServer = await serveMetrics(env.metrics, metrics.exposition, app.log);
    }
  } catch (error) {
    await app.close();
    await prepared.database.close();
    throw error;
  }
  if (env.worker) {
    worker = startWorker(prepared.database, { changes, listen: env.databaseUrl, observer: metrics?.workerObserver, log: (message, error) => app.log.error({ err: error }, message) });
  }
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${env.port}`;
  // the demo token, admin password and signing secret are printed once: on the start that creates them
  const shown = firstStartTexts(prepared);
  const token = shown.token;
  log('');
  const built = existsSync(path.join(webRoot, 'index.html'));
  log(`  Dashboard:  ${options.dashboardUrl ?? (built ? `${origin}/` : `not built (run npm start, or npm run dev for hot reload)`)}`);
  log(`  API:        ${origin}/v1   (OpenAPI: ${origin}/openapi.json)`);
  if (metricsServer) log(`  Metrics:    ${metricsServer.origin}${metricsPath}${env.metrics?.token ? '   (Authorization: Bearer $METRICS_TOKEN)' : ''}`);
  if (token) {
    log(`  Demo token: ${token}`);
    log(`  Try:        curl -H "Authorization: Bearer ${token}" "${origin}/v1/transactions/summaries?limit=5"`);
  } else {
    log('  Demo token: printed on the first start only (mint another with: npm run token -- create --name me --scopes');
    log('              providers:read,credentials:write,transactions:read,events:read --mode test)');
  }
  if (shown.admin) {
    log(`  Demo admin: ${shown.admin}`);
    log(`              ${demoAdminSecondFactorHint}`);
  }
  if (env.oidc) log(`  Single sign-on: ${env.oidc.issuer} for the demo organization (OIDC_*; callback ${env.oidcRedirectUri ?? `${origin}/v1/sso/callback`})`);
  if (shown.signingSecret) log(`  Signing secret of the demo organization: ${shown.signingSecret}`);
  log(`  Worker:     ${env.worker ? 'processing events in this process' : 'off (WORKER=off): run npm run worker'}`);
  const simulation = env.simulateRate > 0 && !options.quiet ? await startBuiltInSimulation(prepared.database, origin, env.simulateRate, signingKey, log) : null;
  log('');
  let stopped = false;
  return {
    app,
    origin,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      simulation?.stop();
      // app.close() stops accepting, answers new requests on open connections with 503 and waits for the
      // in-flight ones; past SHUTDOWN_TIMEOUT_MS the remaining connections are cut
      const force = setTimeout(() => app.server.closeAllConnections(), env.limits.shutdownTimeoutMs);
      try {
        if (options.rolling) await drain(app, env.limits.shutdownTimeoutMs);
        await app.close();
        await metricsServer?.close();
      } finally {
        clearTimeout(force);
        await worker?.stop();
        await prepared.database.close();
      }
    },
  };
}
