import { sql } from 'drizzle-orm';
import { ApiProblem, databaseUnavailable } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';

/** /health/ready gives the database this long to answer `select 1`. */
export const readinessTimeoutMs = 1000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(app: ApiInstance): void {
  const live = { status: 'ok' as const };
  const liveDocs = (summary: string) => ({ summary, tags: ['health'], security: [] as [] });
  // liveness answers from the process alone: it never waits behind database work
  app.route({
    ...endpoint('getHealthLive', liveDocs('Liveness: the process answers (no token, no database)')),
    handler: () => live,
  });
  app.route({
    ...endpoint('getHealth', liveDocs('Alias of /health/live (no token, no database)')),
    handler: () => live,
  });
  app.route({
    ...endpoint('getHealthReady', {
      summary: `Readiness: the database (and its read replica, when DATABASE_READ_URL is set) answers within ${readinessTimeoutMs} ms (no token); 503 otherwise`,
      tags: ['health'],
      security: [],
    }),
    handler: async (request) => {
      try {
        const replica = app.database.replica ? app.database.read.execute(sql`select 1`) : null;
        await withTimeout(Promise.all([app.database.query('select 1'), replica]), readinessTimeoutMs);
        return live;
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new ApiProblem({ ...databaseUnavailable(), detail: `The database did not answer within ${readinessTimeoutMs} ms.` });
      }
    },
  });
}
