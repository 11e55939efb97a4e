import { problemContentType } from '../../contract/problem.ts';
import { defaultMetricsHost, exampleMetricsPort, metricsPath } from './metrics-settings.ts';

type Json = Record<string, unknown>;

const problem = (description: string) => ({ description, content: { [problemContentType]: { schema: { $ref: '#/components/schemas/Problem' } } } });

/**
 * GET /metrics in the API's OpenAPI document, with the server it is really served by (the metrics listener,
 * METRICS_HOST:METRICS_PORT, never the API's port) and its own bearer scheme (METRICS_TOKEN, not an access token).
 * Added after the API's tidying: no rate limit, no database, so neither 429 nor the database 503s apply.
 */
export function addMetricsOperation(document: Json): Json {
  const paths = (document.paths ?? {}) as Json;
  paths[metricsPath] = {
    get: {
      operationId: 'getMetrics',
      summary: 'Prometheus metrics of every API process (served on METRICS_PORT only)',
      description:
        'Prometheus text format 0.0.4: requests by route pattern, method, status and format (a latency histogram), rate-limit refusals, the database pools, ' +
        'the event backlog and worker outcomes, process CPU and memory; every sample labelled with its API process slot (`process`). ' +
        'Served by its own listener when METRICS_PORT is set (by the cluster primary for all processes when WORKERS > 1); loopback only unless ' +
        'METRICS_HOST says otherwise, and then behind METRICS_TOKEN. docs/metrics.md lists the metrics and the alert queries.',
      tags: ['operations'],
      servers: [
        {
          url: 'http://{host}:{port}',
          description: 'The metrics listener',
          variables: { host: { default: defaultMetricsHost, description: 'METRICS_HOST' }, port: { default: String(exampleMetricsPort), description: 'METRICS_PORT' } },
        },
      ],
      security: [{}, { metricsToken: [] }],
      responses: {
        200: {
          description: 'The samples of every process (scrape every 15 to 60 s)',
          content: {
            'text/plain; version=0.0.4': {
              schema: { type: 'string' },
              example: 'http_request_duration_seconds_count{method="GET",route="/v1/transactions/summaries",status_code="200",format="json",process="0"} 1024\n',
            },
          },
        },
        401: { ...problem('METRICS_TOKEN is set and the request did not carry it (WWW-Authenticate: Bearer)') },
        503: problem('A process did not hand over its samples within 5 s; the next scrape tries again'),
      },
    },
  };
  document.paths = paths;
  const components = (document.components ?? {}) as Json;
  const schemes = (components.securitySchemes ?? {}) as Json;
  schemes.metricsToken = { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN: a secret of the deployment that Prometheus sends; not an API access token' };
  components.securitySchemes = schemes;
  document.components = components;
  return document;
}
