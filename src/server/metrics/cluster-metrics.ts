import { ClusterRegistry } from '@prometheus-io/client';
import type { Metrics } from './metrics.ts';
import { processRegistry } from './metrics.ts';
import { serveMetrics, type MetricsServer } from './metrics-server.ts';
import type { MetricsSettings } from './metrics-settings.ts';

/**
 * WORKERS > 1: the primary serves one scrape for every process. It asks each API process for its samples over
 * the cluster's IPC channel (the library's ClusterRegistry; 5 s at most) and adds its own process metrics.
 * Each process's samples keep their `process` label (its slot, 0..WORKERS-1, which a replacement inherits):
 * counters summed across processes before Prometheus sees them would drop when one process restarts, and
 * rate() would count that drop as a reset, a spike that never happened. Sums across processes are PromQL's
 * (`sum without (process)`, docs/metrics.md).
 */
export async function serveClusterMetrics(settings: MetricsSettings): Promise<MetricsServer> {
  ClusterRegistry.setRegistries([processRegistry('primary')]);
  const cluster = new ClusterRegistry();
  return serveMetrics(settings, { contentType: cluster.contentType, render: () => cluster.clusterMetrics() });
}

/** In an API process of the cluster: answer the primary's requests with this process's samples. */
export function joinClusterMetrics(metrics: Metrics): void {
  ClusterRegistry.setRegistries([metrics.registry]);
  new ClusterRegistry();
}
