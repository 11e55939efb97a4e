/**
 * The statements one warm API request runs, as sent on the wire: a revision's server is started against a
 * capturing proxy, answers a few requests (so its caches are as warm as under load), then one more request's
 * statements are kept.
 */
import { startCompareServer } from './compare-server.ts';
import { startWireCapture, type WireStatement } from './pg-wire-capture.ts';

export async function captureRequest(
  root: string,
  options: { databaseUrl: string; port: number; url: (limit: number) => string; headers: Record<string, string>; limits: number[] },
): Promise<Map<number, WireStatement[]>> {
  const target = new URL(options.databaseUrl);
  const capture = await startWireCapture({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(options.databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(capture.port);
  const server = await startCompareServer(root, { databaseUrl: proxied.toString(), port: options.port });
  const byLimit = new Map<number, WireStatement[]>();
  try {
    for (const limit of options.limits) {
      for (let i = 0; i < 3; i += 1) await (await fetch(options.url(limit), { headers: options.headers })).arrayBuffer();
      const from = performance.now();
      const response = await fetch(options.url(limit), { headers: options.headers });
      await response.arrayBuffer();
      const to = performance.now();
      if (!response.ok) throw new Error(`${options.url(limit)} answered ${response.status}`);
      byLimit.set(limit, capture.statements.filter((s) => s.at >= from && s.at <= to));
    }
  } finally {
    await server.stop();
    await capture.close();
  }
  return byLimit;
}
