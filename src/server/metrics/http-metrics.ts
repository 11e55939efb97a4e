import type { FastifyInstance } from 'fastify';
import { unmatchedRoute, type Metrics } from './metrics.ts';

/**
 * One observation per answered request, labelled with the route's pattern (`/v1/credentials/:id`, never the
 * path that was asked for), the method and the status. Fastify has timed the request already
 * (reply.elapsedTime), so this is a single histogram update in onResponse: nothing is kept per request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.http;
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe({ method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status_code: reply.statusCode }, reply.elapsedTime / 1000);
    done();
  });
}
