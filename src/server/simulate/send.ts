import http from 'node:http';
import https from 'node:https';
import { signatureHeaderValue } from '../notifications/signature.ts';
import type { Intent, NotificationGenerator } from './generator.ts';
import { apiPath } from '../../contract/endpoints.ts';
import { contentTypeHeader, organizationIdHeader, signatureHeader } from '../../contract/headers.ts';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The simulator only ever talks to this machine: refuse any other host. */
export function assertLoopback(origin: string): URL {
  const url = new URL(origin);
  if (!loopbackHosts.has(url.hostname)) throw new Error(`The simulator only sends to this machine (127.0.0.1/localhost), not ${url.hostname}.`);
  return url;
}

export interface SimulationOptions {
  origin: string;
  organizationId: string;
  secret: string;
  generator: NotificationGenerator;
  /** notifications per second */
  rate: number;
  durationMs: number;
  /** hard cap on notifications, whatever the rate and duration (default rate × seconds, at most 1 000 000) */
  maxCount?: number;
  /** requests in flight at most */
  concurrency?: number;
  signal?: AbortSignal;
  /** each answer: status, ms from send to answer, the eventId and the scenario's intent */
  onAnswer?: (answer: { status: number; ms: number; eventId: string; intent: Intent; sentAt: number }) => void;
}

export interface SimulationStats {
  sent: number;
  byStatus: Record<string, number>;
  byIntent: Record<string, number>;
  errors: number;
  elapsedMs: number;
}

/**
 * One POST on a kept-alive connection; resolves with the status once the answer is read. node:http rather than
 * fetch: on a machine the server shares, the load generator's own CPU (fetch took about as much per request as
 * the server) would be taken from the server it measures.
 */
function post(agent: http.Agent, url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      { method: 'POST', agent, timeout: timeoutMs, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends signed notifications at `rate`/s for `durationMs` (bounded in count and time), waiting for every answer. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationStats> {
  const url = new URL(apiPath('receiveNotification'), assertLoopback(options.origin));
  const maxCount = Math.min(options.maxCount ?? Math.ceil((options.rate * options.durationMs) / 1000), 1_000_000);
  const concurrency = options.concurrency ?? 64;
  const agent = new (url.protocol === 'https:' ? https : http).Agent({ keepAlive: true, maxSockets: concurrency });
  const stats: SimulationStats = { sent: 0, byStatus: {}, byIntent: {}, errors: 0, elapsedMs: 0 };
  const inFlight = new Set<Promise<void>>();
  const started = Date.now();
  const sendOne = async () => {
    const { body, intent } = options.generator.next();
    const raw = JSON.stringify(body);
    stats.sent++;
    stats.byIntent[intent] = (stats.byIntent[intent] ?? 0) + 1;
    const sentAt = Date.now();
    try {
      const headers = { [contentTypeHeader]: 'application/json', [organizationIdHeader]: options.organizationId, [signatureHeader]: signatureHeaderValue(options.secret, raw) };
      const status = await post(agent, url, headers, raw, 10_000);
      stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
      options.onAnswer?.({ status, ms: Date.now() - sentAt, eventId: body.eventId, intent, sentAt });
    } catch {
      stats.errors++;
    }
  };
  while (stats.sent < maxCount && Date.now() - started < options.durationMs && !options.signal?.aborted) {
    const due = Math.min(maxCount, Math.floor(((Date.now() - started) / 1000) * options.rate) + 1);
    while (stats.sent < due && inFlight.size < concurrency) {
      const p: Promise<void> = sendOne().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await (inFlight.size >= concurrency ? Promise.race(inFlight) : new Promise((resolve) => setTimeout(resolve, 5)));
  }
  await Promise.all(inFlight);
  agent.destroy();
  stats.elapsedMs = Date.now() - started;
  return stats;
}
