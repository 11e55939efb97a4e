import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { cacheControlHeader, responseHeaders } from '../../contract/headers.ts';
import { ApiProblem, registerErrorHandler, sendProblem } from '../errors.ts';
import { metricsPath, type MetricsSettings } from './metrics-settings.ts';

export interface MetricsServer {
  /** http://host:port of the listener */
  origin: string;
  close(): Promise<void>;
}

export interface Exposition {
  contentType: string;
  render(): Promise<string>;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time (over digests, so the length leaks nothing either). */
function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (authorization) => authorization !== undefined && timingSafeEqual(digest(authorization), expected);
}

/**
 * The metrics listener: its own port (METRICS_PORT), loopback unless METRICS_HOST says otherwise, and then
 * behind METRICS_TOKEN. Apart from the API on purpose: a scrape needs no database (no token lookup waiting
 * behind a busy pool, nothing to refuse while the database is away, which is when the figures matter most), it
 * is never rate limited, and the cluster primary, which serves no API requests, answers it for every process.
 */
export async function serveMetrics(settings: MetricsSettings, exposition: Exposition, logger?: FastifyBaseLogger): Promise<MetricsServer> {
  const app = Fastify({ loggerInstance: logger, logController: new LogController({ disableRequestLogging: true }) });
  registerErrorHandler(app);
  const authorized = settings.token === undefined ? () => true : bearerCheck(settings.token);
  app.get(metricsPath, async (request, reply) => {
    if (!authorized(request.headers.authorization)) {
      throw new ApiProblem({ status: 401, detail: 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>.', headers: { [responseHeaders.wwwAuthenticate]: 'Bearer realm="metrics"' } });
    }
    let body: string;
    try {
      body = await exposition.render();
    } catch (error) {
      request.log.warn({ err: error }, 'metrics could not be collected');
      throw new ApiProblem({ status: 503, detail: 'The metrics could not be collected from every process; the next scrape tries again.' });
    }
    return reply.type(exposition.contentType).header(cacheControlHeader, 'no-store').send(body);
  });
  app.setNotFoundHandler((request, reply) => sendProblem(request, reply, { status: 404, detail: `Only GET ${metricsPath} is served here.` }));
  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { origin: `http://${host}:${address.port}`, close: () => app.close() };
}
