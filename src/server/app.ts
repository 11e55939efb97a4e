import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/authenticate.ts';
import type { Database } from './db/client.ts';
import { registerErrorHandler, requireJsonBodies, sendProblem } from './errors.ts';
import type { ApiInstance } from './lib/api-instance.ts';
import { registerCors } from './lib/cors.ts';
import { registerOpenApi } from './openapi.ts';
import { defaultCountCap } from './queries/total-count.ts';
import { credentialChangeRoutes } from './routes/credential-changes.ts';
import { credentialRoutes } from './routes/credentials.ts';
import { eventRoutes } from './routes/events.ts';
import { healthRoutes } from './routes/health.ts';
import { meRoutes } from './routes/me.ts';
import { merchantRoutes } from './routes/merchants.ts';
import { providerRoutes } from './routes/providers.ts';
import { summaryRoutes } from './routes/summaries.ts';
import { registerWeb, wantsSpa } from './routes/web.ts';

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
}

export async function buildApp(options: AppOptions): Promise<ApiInstance> {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit, return503OnClosing: true }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', options.database);
  app.decorate('countCap', options.countCap ?? defaultCountCap);

  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByPath.set(route.url, methods);
  });

  registerErrorHandler(app);
  registerCors(app, options.corsOrigin);
  registerAuthentication(app, options.database.db);
  requireJsonBodies(app);
  await registerOpenApi(app);

  healthRoutes(app);
  meRoutes(app);
  providerRoutes(app);
  credentialRoutes(app);
  summaryRoutes(app);
  eventRoutes(app);
  credentialChangeRoutes(app);
  merchantRoutes(app);
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  const servesWeb = await registerWeb(app, { webRoot, publicApiBaseUrl: options.publicApiBaseUrl ?? '' });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (request.method === 'OPTIONS' && reply.hasHeader('access-control-allow-origin')) return reply.code(204).send();
    const allowed = methodsByPath.get(pathname);
    if (allowed) {
      const allow = [...allowed].sort().join(', ');
      return sendProblem(request, reply, {
        status: 405,
        detail: `${request.method} is not allowed on ${pathname}; allowed: ${allow}.`,
        headers: { allow },
      });
    }
    if (servesWeb && wantsSpa(request)) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
    return sendProblem(request, reply, { status: 404, detail: `No resource at ${request.method} ${pathname}.` });
  });

  await app.ready();
  return app;
}
