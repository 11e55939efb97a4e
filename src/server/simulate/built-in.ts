import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { validSigningSecrets } from '../notifications/signing-secrets.ts';
import { demoOrganization } from '../seed/demo.ts';
import { existingMerchants } from '../seed/reference-data.ts';
import { NotificationGenerator, terminalsOf } from './generator.ts';
import { runSimulation } from './send.ts';

const builtInSeconds = Number(process.env.SIMULATE_FOR ?? 600);

/**
 * SIMULATE_RATE: the simulator inside `npm start`, for demos: the demo organization (test mode) signs
 * notifications to this server's own public endpoint for SIMULATE_FOR seconds (default 600).
 */
export async function startBuiltInSimulation(database: Database, origin: string, rate: number, key: Buffer | null, log: (line: string) => void): Promise<{ stop(): void } | null> {
  const merchants = await existingMerchants(database, demoOrganization.id);
  const [secret] = await validSigningSecrets(database.db, demoOrganization.id, key);
  if (merchants.length === 0 || !secret) {
    log('  Simulator:  off (SIMULATE_RATE needs the demo organization and its signing secret)');
    return null;
  }
  const controller = new AbortController();
  const generator = new NotificationGenerator(terminalsOf(merchants), `sim${randomBytes(3).toString('hex')}`);
  log(`  Simulator:  ${rate} notifications/s for ${builtInSeconds} s to ${origin}/v1/notifications (demo organization, test mode)`);
  runSimulation({ origin, organizationId: demoOrganization.id, secret, generator, rate, durationMs: builtInSeconds * 1000, signal: controller.signal }).then(
    (stats) => log(`Simulator done: ${stats.sent} sent, answers ${JSON.stringify(stats.byStatus)}`),
    (error: unknown) => log(`Simulator stopped: ${String(error)}`),
  );
  return { stop: () => controller.abort() };
}
