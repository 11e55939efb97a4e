import type { FastifyInstance } from 'fastify';
import { unmatchedRoute, type Metrics } from './metrics.ts';
import { contentTypeHeader } from '../../contract/headers.ts';

/**
 * What was sent: a list's CSV export streams for seconds where its JSON page takes milliseconds, so the two are
 * told apart (a latency alert looks at `json`); `other` is the dashboard's files, and the event stream.
 */
export function formatOf(contentType: unknown): 'json' | 'csv' | 'other' {
  if (typeof contentType !== 'string') return 'other';
  return contentType.includes('json') ? 'json' : contentType.startsWith('text/csv') ? 'csv' : 'other';
}

/**
 * One observation per answered request, labelled with the route's pattern (`/v1/credentials/:id`, never the
 * path that was asked for), the method, the status and the format. Fastify has timed the request already
 * (reply.elapsedTime), so this is a single histogram update in onResponse: nothing is kept per request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const histogram = metrics.http;
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      { method: request.method, route: request.routeOptions.url ?? unmatchedRoute, status_code: reply.statusCode, format: formatOf(reply.getHeader(contentTypeHeader)) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
