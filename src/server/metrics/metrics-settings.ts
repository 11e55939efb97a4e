/** The metrics listener (METRICS_PORT, METRICS_HOST, METRICS_TOKEN; docs/metrics.md). */
export interface MetricsSettings {
  /** its own TCP port, never the API's: 0 picks a free one */
  port: number;
  host: string;
  /** when set, a scrape must send `Authorization: Bearer <token>` */
  token: string | undefined;
}

/** Loopback only unless told otherwise (and then METRICS_TOKEN is required, runtime-env.ts). */
export const defaultMetricsHost = '127.0.0.1';

/** The one path the listener serves. */
export const metricsPath = '/metrics';

/** The port the docs and the OpenAPI example use (the registry's usual exporter port); METRICS_PORT has no default. */
export const exampleMetricsPort = 9464;
