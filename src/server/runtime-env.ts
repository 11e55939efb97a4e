import { defaultRateLimits, type RateLimits } from './lib/rate-limit.ts';
import { defaultCountCap, defaultTotalCacheSeconds } from './lists/total-count.ts';
import { defaultTokenCacheSeconds } from './auth/token-cache.ts';
import { defaultSessionIdleMinutes } from './auth/session-store.ts';
import { defaultConnectTimeoutMs, defaultQueryTimeoutMs } from './db/client.ts';
import { defaultPoolSize, defaultPoolWaitMs } from './db/pool.ts';
import { defaultMetricsHost, type MetricsSettings } from './metrics/metrics-settings.ts';
import { defaultServerLimits, type ServerLimits } from './lib/server-limits.ts';
import { readOidcEnv, type OidcEnv } from './sso/sso-env.ts';

/** The runtime interface (decisions.md / common.md): every setting the server reads from the environment. */
export interface RuntimeEnv {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica for list, stats and export reads (PostgreSQL only) */
  databaseReadUrl: string | undefined;
  demoAccessToken: string | undefined;
  /** DEMO_ADMIN_EMAIL / DEMO_ADMIN_PASSWORD: the demo organization's first admin person (a random password, printed once, when unset) */
  demoAdminEmail: string;
  demoAdminPassword: string | undefined;
  /** SMTP_URL (smtp://user:pass@host:587 or smtps://…): invitation links are mailed; unset, they are shown once to the admin */
  smtpUrl: string | undefined;
  /** SMTP_FROM: the invitations' sender (default Acquirer Console <no-reply@acquirer-console.invalid>) */
  smtpFrom: string | undefined;
  /** PUBLIC_URL: the dashboard's address in invitation links (default: the address the admin's request came to) */
  publicUrl: string | undefined;
  seedSummaries: number;
  seed: number;
  publicApiBaseUrl: string;
  corsOrigin: string | undefined;
  logLevel: string;
  /** folder of the built dashboard; undefined means dist/web */
  webRoot: string | undefined;
  /** lists count exactly up to this many matches (COUNT_CAP) */
  countCap: number;
  /** RATE_LIMIT_PER_TOKEN, RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_AUTH_FAILURES (per RATE_LIMIT_WINDOW_SECONDS) */
  rateLimits: RateLimits;
  /** BEHIND_TLS=true: HSTS and a Secure session cookie */
  behindTls: boolean;
  /** TRUST_PROXY: which proxies' X-Forwarded-For to believe (hop count, or addresses/CIDRs); unset: none */
  trustProxy: number | string | undefined;
  /** SESSION_IDLE_MINUTES: a dashboard session ends after this long without a request */
  sessionIdleMinutes: number;
  limits: ServerLimits;
  /** PostgreSQL connect and statement-answer timeouts */
  dbConnectTimeoutMs: number;
  dbQueryTimeoutMs: number;
  /** DB_POOL_SIZE: PostgreSQL connections per pool and process */
  dbPoolSize: number;
  /** DB_POOL_WAIT_MS: how long a request waits for a pool connection before 503 service-busy */
  dbPoolWaitMs: number;
  /** METRICS_PORT, METRICS_HOST, METRICS_TOKEN: the Prometheus endpoint's own listener; undefined = off */
  metrics: MetricsSettings | undefined;
  /** TOKEN_CACHE_SECONDS: a token lookup is reused this long per process (a revocation takes effect within it) */
  tokenCacheSeconds: number;
  /** TOTAL_CACHE_SECONDS: X-Total-Count is reused this long per organization, scope and filters */
  totalCacheSeconds: number;
  /** RESPONSE_VALIDATION=true checks every JSON response against its schema (tests turn it on) */
  validateResponses: boolean;
  /** hours an Idempotency-Key's stored response is replayed before it is swept */
  idempotencyTtlHours: number;
  /** RETENTION_MONTHS: on a partitioned PostgreSQL database, months kept before the current one (older ones are detached) */
  retentionMonths: number | undefined;
  /** AUDIT_RETENTION_DAYS: days the audit trail is kept (default 1826, five years; at least 30) */
  auditRetentionDays: number;
  /** the demo organization's notification signing secret, used when this start creates it */
  demoSigningSecret: string | undefined;
  /** 32-byte key sealing signing secrets at rest (AES-256-GCM); unset stores them unsealed */
  signingSecretKey: string | undefined;
  /** run the event worker inside the server (WORKER=off leaves it to `npm run worker` processes) */
  worker: boolean;
  /** notifications per second the built-in simulator sends to this server (test mode demo only); 0 = off */
  simulateRate: number;
  /** WORKERS: API processes sharing the port (node:cluster); undefined = one per core on PostgreSQL, one on PGlite */
  processes: number | undefined;
  /** OIDC_*: the demo organization's single sign-on (docs/people-and-access.md); undefined without OIDC_ISSUER */
  oidc: OidcEnv | undefined;
  /** OIDC_REDIRECT_URI: the callback URL registered with the provider; unset: this server's /v1/sso/callback as the request reached it */
  oidcRedirectUri: string | undefined;
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function whole(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, got "${value}"`);
  return Number(value);
}

/**
 * TRUST_PROXY: a number of proxy hops in front of the server (`1` behind one load balancer), or comma-separated
 * addresses/CIDRs of trusted proxies. `true` is refused: it would let any client pick its own address.
 */
function trustProxyOf(value: string | undefined): number | string | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  if (/^(true|false|yes|no|on|off)$/i.test(value)) {
    throw new Error('TRUST_PROXY is a hop count (1 behind one load balancer) or the proxies\' addresses/CIDRs, not a yes/no: trusting every X-Forwarded-For would let clients choose their own address.');
  }
  if (!/^[\w.:/]+(\s*,\s*[\w.:/]+)*$/.test(value)) throw new Error(`TRUST_PROXY must be a hop count or comma-separated addresses/CIDRs, got "${value}"`);
  return value;
}

const nonEmpty = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** A whole number within [min, max], with the reason for the bounds in the message. */
function bounded(name: string, value: string | undefined, fallback: number, min: number, max: number, why: string): number {
  const n = whole(name, value, fallback);
  if (n < min || n > max) throw new Error(`${name} must be between ${min} and ${max} (${why}), got ${n}`);
  return n;
}

const loopback = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/**
 * METRICS_PORT turns the metrics listener on (0 picks a free port). Off the loopback interface it must carry
 * METRICS_TOKEN: the page names every route, the pool and the event backlog, which outsiders have no business reading.
 */
function metricsOf(env: NodeJS.ProcessEnv, apiPort: number): MetricsSettings | undefined {
  if (nonEmpty(env.METRICS_PORT) === undefined) return undefined;
  const port = bounded('METRICS_PORT', env.METRICS_PORT, 0, 0, 65535, 'a TCP port; 0 picks a free one');
  if (port !== 0 && port === apiPort) throw new Error(`METRICS_PORT must differ from PORT (${apiPort}): the metrics have a listener of their own.`);
  const host = nonEmpty(env.METRICS_HOST) ?? defaultMetricsHost;
  const token = nonEmpty(env.METRICS_TOKEN);
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) throw new Error('METRICS_TOKEN must be at least 16 characters without spaces (e.g. openssl rand -hex 32).');
  if (token === undefined && !loopback.test(host)) {
    throw new Error(`METRICS_HOST=${host} is reachable from other machines: set METRICS_TOKEN too (Prometheus sends it as a bearer token), or keep the metrics on 127.0.0.1.`);
  }
  return { port, host, token };
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): RuntimeEnv {
  const port = whole('PORT', env.PORT, 8080);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: nonEmpty(env.DATA_DIR) ?? './data',
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databaseReadUrl: nonEmpty(env.DATABASE_READ_URL),
    demoAccessToken: nonEmpty(env.DEMO_ACCESS_TOKEN),
    demoAdminEmail: nonEmpty(env.DEMO_ADMIN_EMAIL) ?? 'admin@demo.acquirer-console.dev',
    demoAdminPassword: nonEmpty(env.DEMO_ADMIN_PASSWORD),
    smtpUrl: nonEmpty(env.SMTP_URL),
    smtpFrom: nonEmpty(env.SMTP_FROM),
    publicUrl: nonEmpty(env.PUBLIC_URL),
    seedSummaries: whole('SEED_SUMMARIES', env.SEED_SUMMARIES, 3000),
    seed: whole('SEED', env.SEED, 1),
    publicApiBaseUrl: env.PUBLIC_API_BASE_URL ?? '',
    corsOrigin: nonEmpty(env.CORS_ORIGIN),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'warn',
    webRoot: nonEmpty(env.WEB_ROOT),
    countCap: whole('COUNT_CAP', env.COUNT_CAP, defaultCountCap),
    rateLimits: {
      perToken: whole('RATE_LIMIT_PER_TOKEN', env.RATE_LIMIT_PER_TOKEN, defaultRateLimits.perToken),
      perAddress: whole('RATE_LIMIT_PER_ADDRESS', env.RATE_LIMIT_PER_ADDRESS, defaultRateLimits.perAddress),
      authFailures: whole('RATE_LIMIT_AUTH_FAILURES', env.RATE_LIMIT_AUTH_FAILURES, defaultRateLimits.authFailures),
      notifications: whole('RATE_LIMIT_NOTIFICATIONS', env.RATE_LIMIT_NOTIFICATIONS, defaultRateLimits.notifications),
      windowMs: 1000 * whole('RATE_LIMIT_WINDOW_SECONDS', env.RATE_LIMIT_WINDOW_SECONDS, defaultRateLimits.windowMs / 1000),
    },
    behindTls: flag('BEHIND_TLS', env.BEHIND_TLS),
    trustProxy: trustProxyOf(nonEmpty(env.TRUST_PROXY)),
    sessionIdleMinutes: whole('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, defaultSessionIdleMinutes),
    limits: {
      requestTimeoutMs: whole('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, defaultServerLimits.requestTimeoutMs),
      connectionTimeoutMs: whole('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, defaultServerLimits.connectionTimeoutMs),
      keepAliveTimeoutMs: whole('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, defaultServerLimits.keepAliveTimeoutMs),
      maxHeaderBytes: whole('MAX_HEADER_BYTES', env.MAX_HEADER_BYTES, defaultServerLimits.maxHeaderBytes),
      maxConnections: whole('MAX_CONNECTIONS', env.MAX_CONNECTIONS, defaultServerLimits.maxConnections),
      shutdownTimeoutMs: whole('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, defaultServerLimits.shutdownTimeoutMs),
    },
    dbConnectTimeoutMs: whole('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, defaultConnectTimeoutMs),
    dbQueryTimeoutMs: whole('DB_QUERY_TIMEOUT_MS', env.DB_QUERY_TIMEOUT_MS, defaultQueryTimeoutMs),
    dbPoolSize: bounded('DB_POOL_SIZE', env.DB_POOL_SIZE, defaultPoolSize, 1, 1000, 'connections per pool and process; PostgreSQL must admit WORKERS times as many'),
    dbPoolWaitMs: bounded('DB_POOL_WAIT_MS', env.DB_POOL_WAIT_MS, defaultPoolWaitMs, 1, 600_000, 'milliseconds; 0 would let requests wait for a connection forever'),
    metrics: metricsOf(env, port),
    tokenCacheSeconds: whole('TOKEN_CACHE_SECONDS', env.TOKEN_CACHE_SECONDS, defaultTokenCacheSeconds),
    totalCacheSeconds: whole('TOTAL_CACHE_SECONDS', env.TOTAL_CACHE_SECONDS, defaultTotalCacheSeconds),
    validateResponses: flag('RESPONSE_VALIDATION', env.RESPONSE_VALIDATION),
    idempotencyTtlHours: whole('IDEMPOTENCY_TTL_HOURS', env.IDEMPOTENCY_TTL_HOURS, 24),
    retentionMonths: nonEmpty(env.RETENTION_MONTHS) === undefined ? undefined : whole('RETENTION_MONTHS', env.RETENTION_MONTHS, 0),
    auditRetentionDays: bounded('AUDIT_RETENTION_DAYS', env.AUDIT_RETENTION_DAYS, 1826, 30, 36_500, 'days; the database refuses less than 30'),
    demoSigningSecret: nonEmpty(env.DEMO_SIGNING_SECRET),
    signingSecretKey: nonEmpty(env.SIGNING_SECRET_KEY),
    worker: !/^(off|false|0|no)$/i.test(env.WORKER ?? ''),
    simulateRate: whole('SIMULATE_RATE', env.SIMULATE_RATE, 0),
    processes: nonEmpty(env.WORKERS) === undefined ? undefined : whole('WORKERS', env.WORKERS, 1),
    oidc: readOidcEnv(env),
    oidcRedirectUri: nonEmpty(env.OIDC_REDIRECT_URI),
  };
}
