import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { config as zodConfig } from 'zod';
import { en } from 'zod/locales';
import { registerAuthentication } from './auth/authenticate.ts';
import { registerOperationAuth } from './auth/operation-auth.ts';
import { TokenLastUse } from './auth/token-last-use.ts';
import { defaultTokenCacheSeconds, TokenCache } from './auth/token-cache.ts';
import { registerCookies } from './auth/session-cookie.ts';
import { defaultSessionIdleMinutes } from './auth/session-store.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler, requireJsonBodies, sendProblem } from './errors.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { registerCors } from './lib/cors.ts';
import { defaultRateLimits, registerRateLimit, type RateLimits } from './lib/rate-limit.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';
import { registerBodyGuard } from './lib/body-guard.ts';
import { clientErrorHandler, frameworkErrors } from './lib/client-errors.ts';
import { safeError } from './lib/log-safe.ts';
import { genReqId, registerRequestId } from './lib/request-id.ts';
import { defaultServerLimits, timeoutCheckIntervalMs, type ServerLimits } from './lib/server-limits.ts';
import { registerOpenApi } from './openapi.ts';
import { registerApiReference } from './lib/api-reference.ts';
import { prefixOf } from './lib/endpoint-routes.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import type { Metrics } from './metrics/metrics.ts';
import { defaultIdempotencyTtlHours } from './credentials/idempotency.ts';
import { registerIdempotencySweep } from './lib/idempotency-sweep.ts';
import { registerPartitionSweep } from './lib/partition-sweep.ts';
import { defaultCountCap, defaultTotalCacheSeconds, TotalCache } from './lists/total-count.ts';
import { credentialRoutes } from './credentials/credentials-routes.ts';
import { eventRoutes } from './events/events-routes.ts';
import { healthRoutes } from './health/health-routes.ts';
import { meRoutes } from './me/me-routes.ts';
import { merchantRoutes } from './merchants/merchants-routes.ts';
import { providerRoutes } from './providers/providers-routes.ts';
import { sessionRoutes } from './session/session-routes.ts';
import { statsRoutes } from './stats/stats-routes.ts';
import { summaryRoutes } from './summaries/summaries-routes.ts';
import { viewRoutes } from './views/views-routes.ts';
import { registerWeb, wantsSpa } from './dashboard/dashboard-routes.ts';
import { ChangeBus } from './live/change-bus.ts';
import type { LiveState } from './live/live-state.ts';
import { SigningSecretCache } from './notifications/signing-secrets.ts';
import { accountPlugin } from './account/plugin.ts';
import { passkeyRoutes } from './account/passkey-routes.ts';
import { peoplePlugin } from './people-admin/plugin.ts';
import type { InvitationMailer } from './people/invitation-mail.ts';
import { tokenPlugin } from './tokens/plugin.ts';
import { signInPlugin } from './sign-in/plugin.ts';
import { ssoPlugin } from './sso/plugin.ts';
import { defaultSignInLimits, type SignInLimits } from './sign-in/sign-in-limit.ts';
import { notificationRoutes } from './notifications/notifications-routes.ts';
import { feePlanPlugin } from './fee-plans/plugin.ts';
import { receivablePlugin } from './receivables/plugin.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation-routes.ts';
import { auditPlugin } from './audit/plugin.ts';
import { registerAuditRetention } from './audit/retention.ts';
import { registerRouteAudit } from './audit/route-audit.ts';
import { defaultAuditRetentionDays } from '../contract/audit.ts';
import { cacheControlHeader } from '../contract/headers.ts';

export const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
export const bodyLimit = 64 * 1024;

export interface AppOptions {
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** folder of the built dashboard (default dist/web); null to serve none */
  webRoot?: string | null;
  /** the dashboard's API base URL, served in /config.js (PUBLIC_API_BASE_URL) */
  publicApiBaseUrl?: string;
  /** an origin allowed to call the API from a browser (CORS_ORIGIN) */
  corsOrigin?: string | undefined;
  /** lists count exactly up to this many matches, and give the planner's estimate above it (default 2 000, defaultCountCap) */
  countCap?: number;
  /** requests per window per token, per address, and failed authentications per address (RATE_LIMIT_*) */
  rateLimits?: RateLimits;
  /** behind a TLS-terminating proxy (BEHIND_TLS): HSTS, Secure session cookie */
  behindTls?: boolean;
  /** proxies whose X-Forwarded-For gives the client's address (TRUST_PROXY): hop count or addresses/CIDRs */
  trustProxy?: number | string;
  /** a dashboard session ends after this many minutes without a request (SESSION_IDLE_MINUTES) */
  sessionIdleMinutes?: number;
  /** HTTP timeouts and limits (defaultServerLimits) */
  limits?: Partial<ServerLimits>;
  /** seconds a bearer token's lookup is reused by this process: a revocation takes effect within it (TOKEN_CACHE_SECONDS, default 5; 0 = off) */
  tokenCacheSeconds?: number;
  /** seconds a list's X-Total-Count is reused for the same organization, scope and filters (TOTAL_CACHE_SECONDS, default 5; 0 = off) */
  totalCacheSeconds?: number;
  /** check every JSON response against its zod schema before sending it (RESPONSE_VALIDATION; on in tests, off in production) */
  validateResponses?: boolean;
  /** hours an Idempotency-Key's response is kept (IDEMPOTENCY_TTL_HOURS, default 24) */
  idempotencyTtlHours?: number;
  /** on a partitioned PostgreSQL database: keep the current month and this many before it, detach older ones (RETENTION_MONTHS) */
  retentionMonths?: number | undefined;
  /** Prometheus metrics of this process (METRICS_PORT): requests, rate-limit refusals, this database's pools and backlog */
  metrics?: Metrics | undefined;
  /** live processing (issue 12): the change signal shared with the in-process worker, its wake-up, the sealing key */
  live?: { changes?: ChangeBus; wakeWorker?: () => void; signingKey?: Buffer | null };
  /** days the audit trail is kept (AUDIT_RETENTION_DAYS, default 1826: 5 years; at least 30) */
  auditRetentionDays?: number;
  /** POST /v1/session exchanges an access token for a dashboard session (ALLOW_TOKEN_SIGN_IN; default off, the test runner turns it on) */
  allowTokenSignIn?: boolean;
  /** failed sign-ins allowed per account and per address within the window (SIGN_IN_LIMIT_*) */
  signInLimits?: SignInLimits;
  /** OIDC_REDIRECT_URI: the single sign-on callback registered with the provider; unset: /v1/sso/callback on the host the request reached */
  oidcRedirectUri?: string | undefined;
  /** sends invitation links (SMTP_URL); absent: the link is answered once to the admin who invited */
  mailer?: InvitationMailer | null;
  /** the dashboard's address in invitation links (PUBLIC_URL); absent: the address the request came to */
  dashboardUrl?: string | undefined;
}

/** A hop count trusts that many proxies nearest the server (proxy-addr's numbered hops); text lists their addresses. */
function trustProxySetting(value: number | string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined) return false;
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/**
 * Response serialisation without the zod check: plain JSON.stringify (the check costs 7-12% of a list request),
 * handed on as a UTF-8 buffer: Fastify then takes Content-Length from its length instead of measuring the
 * string, and the socket writes it without encoding it again (5–8 % less server CPU on a 150 kB list page,
 * bench/results/2026-11-24-06-54-serializer-ab.md). Fastify's type says string; onSend and the reply take both.
 * A serializer compiled from the response schema (fast-json-stringify from zod's JSON Schema) is at best as fast
 * as JSON.stringify on Node 24, up to 55 % slower, and drops fields (bench/serializer-compare.ts).
 */
const plainSerializerCompiler = () => (data: unknown) => Buffer.from(JSON.stringify(data)) as unknown as string;

/** validateResponses, or RESPONSE_VALIDATION=true in the environment (the test runner sets it). */
export const validatesResponses = (options: Pick<AppOptions, 'validateResponses'>): boolean =>
  options.validateResponses ?? process.env.RESPONSE_VALIDATION === 'true';

/** Log settings every logger gets: safe error serialisation and redacted credentials. */
function loggerOptions(logger: AppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { err: safeError, ...(base as { serializers?: object }).serializers },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["set-cookie"]', 'res.headers["set-cookie"]'], censor: '[redacted]' },
  };
}

function liveState(app: ApiInstance, options: AppOptions): LiveState {
  const closing = new AbortController();
  // open event streams end before the server waits for its connections to close
  app.addHook('preClose', (done) => {
    closing.abort();
    done();
  });
  return {
    changes: options.live?.changes ?? new ChangeBus(),
    secrets: new SigningSecretCache(options.database.db, options.live?.signingKey ?? null),
    wakeWorker: options.live?.wakeWorker ?? (() => undefined),
    closing: closing.signal,
  };
}

// The contract is written with zod/mini, which sets no locale (the dashboard shows its own texts): the API's validation
// messages are zod's English ones (lib/validation-errors.ts reads them), set here rather than left to whichever classic
// zod schema happens to be built first.
zodConfig(en());

export async function buildApp(options: AppOptions): Promise<ApiInstance> {
  const limits = { ...defaultServerLimits, ...options.limits };
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit,
    return503OnClosing: true,
    trustProxy: trustProxySetting(options.trustProxy),
    genReqId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    routerOptions: { maxParamLength: 128 },
    http: { maxHeaderSize: limits.maxHeaderBytes, connectionsCheckingInterval: timeoutCheckIntervalMs(limits), headersTimeout: Math.min(limits.requestTimeoutMs, 10_000) },
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  // production sends what the handlers built (their types follow the schemas); tests check every response
  app.setSerializerCompiler(validatesResponses(options) ? serializerCompiler : plainSerializerCompiler);
  app.decorate('database', options.database);
  app.decorate('countCap', options.countCap ?? defaultCountCap);
  app.decorate('idempotencyTtlHours', options.idempotencyTtlHours ?? defaultIdempotencyTtlHours);
  registerIdempotencySweep(app);
  registerPartitionSweep(app, options.retentionMonths);
  registerAuditRetention(app, options.auditRetentionDays ?? defaultAuditRetentionDays);
  app.decorate('live', liveState(app, options));
  const totals = new TotalCache(1000 * (options.totalCacheSeconds ?? defaultTotalCacheSeconds));
  app.decorate('totals', totals);
  // events stored, processed or retried in this process: that organization's totals are recounted at once
  const unsubscribe = app.live.changes.subscribe((organizationId) => totals.forget(organizationId));
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });

  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  registerOperationAuth(app);
  registerRequestId(app);
  registerErrorHandler(app);
  registerRouteAudit(app);
  if (options.metrics) {
    registerHttpMetrics(app, options.metrics);
    options.metrics.watchDatabase(options.database);
  }
  registerSecurityHeaders(app, { behindTls: options.behindTls ?? false, publicApiBaseUrl: options.publicApiBaseUrl ?? '' });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await registerCors(app, options.corsOrigin);
  const authFailureGuard = await registerRateLimit(app, options.rateLimits ?? defaultRateLimits, options.metrics?.refused);
  const sessions = {
    idleMs: (options.sessionIdleMinutes ?? defaultSessionIdleMinutes) * 60_000,
    secure: options.behindTls ?? false,
    allowTokenSignIn: options.allowTokenSignIn ?? process.env.ALLOW_TOKEN_SIGN_IN === 'true',
  };
  await registerCookies(app);
  const lastUse = new TokenLastUse(options.database.db, (error) => app.log.warn({ err: error }, 'token last use not recorded'));
  registerAuthentication(app, options.database.db, authFailureGuard, sessions, new TokenCache(options.database.db, 1000 * (options.tokenCacheSeconds ?? defaultTokenCacheSeconds)), lastUse);
  requireJsonBodies(app);
  registerBodyGuard(app);
  await registerOpenApi(app, options.publicApiBaseUrl ?? '');

  // one plugin per resource folder, under its prefix (src/contract/endpoints.ts)
  await app.register(healthRoutes, { prefix: prefixOf('health') });
  await app.register(meRoutes, { prefix: prefixOf('me') });
  await app.register(providerRoutes, { prefix: prefixOf('providers') });
  await app.register(credentialRoutes, { prefix: prefixOf('credentials') });
  await app.register(summaryRoutes, { prefix: prefixOf('summaries') });
  await app.register(eventRoutes, { prefix: prefixOf('events') });
  await app.register(sessionRoutes, { prefix: prefixOf('session'), settings: sessions });
  await app.register(notificationRoutes, { prefix: prefixOf('notifications') });
  await app.register(statsRoutes, { prefix: prefixOf('stats') });
  await app.register(viewRoutes, { prefix: prefixOf('views') });
  await app.register(merchantRoutes, { prefix: prefixOf('merchants') });
  await app.register(feePlanPlugin, { prefix: prefixOf('fee-plans') });
  await app.register(receivablePlugin, { prefix: prefixOf('receivables') });
  await app.register(reconciliationRoutes, { prefix: prefixOf('reconciliation') });
  await app.register(auditPlugin, { prefix: prefixOf('audit') });
  await app.register(signInPlugin, { prefix: prefixOf('sign-in'), sessions, limits: options.signInLimits ?? defaultSignInLimits, publicUrl: options.dashboardUrl });
  await app.register(accountPlugin, { prefix: prefixOf('account'), sessions });
  await app.register(passkeyRoutes, { prefix: prefixOf('account'), sessions, publicUrl: options.dashboardUrl });
  await app.register(ssoPlugin, { prefix: prefixOf('sso'), sessions, sealingKey: options.live?.signingKey ?? null, redirectUri: options.oidcRedirectUri });
  await app.register(peoplePlugin, { prefix: prefixOf('people'), sessions, mailer: options.mailer ?? null, dashboardUrl: options.dashboardUrl });
  await app.register(tokenPlugin, { prefix: prefixOf('tokens') });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await registerApiReference(app);
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const servesWeb = await registerWeb(app, { webRoot, publicApiBaseUrl: options.publicApiBaseUrl ?? '', tokenSignIn: sessions.allowTokenSignIn });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const allowed = methodsByPath.get(pathname);
    if (allowed) {
      const allow = [...allowed].sort().join(', ');
      return sendProblem(request, reply, {
        status: 405,
        detail: `${request.method} is not allowed on ${pathname}; allowed: ${allow}.`,
        headers: { allow },
      });
    }
    if (servesWeb && wantsSpa(request)) return reply.type('text/html; charset=utf-8').header(cacheControlHeader, 'no-cache').sendFile('index.html');
    return sendProblem(request, reply, { status: 404, detail: `No resource at ${request.method} ${pathname}.` });
  });

  await app.ready();
  return app;
}
