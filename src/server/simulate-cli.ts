import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Me } from '../contract/me.ts';
import { fetchMerchants } from './simulate/merchants.ts';
import { NotificationGenerator, terminalsOf } from './simulate/generator.ts';
import { assertLoopback, runSimulation } from './simulate/send.ts';
import { apiPath } from '../contract/endpoints.ts';

const usage = `Usage: npm run simulate -- [--rate 20] [--for 60s] [--url http://127.0.0.1:8080] [--max N]
Sends signed notifications to a running server for the demo organization's terminals.
Needs DEMO_SIGNING_SECRET (or --secret) and DEMO_ACCESS_TOKEN (or --token, any scope: it reads /v1/me).`;

function seconds(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text);
  if (!m) throw new Error(`--for takes a duration such as 60s, 2m or 500ms, not ${text}`);
  const n = Number(m[1]);
  return m[2] === 'ms' ? n / 1000 : m[2] === 'm' ? n * 60 : n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { rate: { type: 'string', default: '20' }, for: { type: 'string', default: '60s' }, url: { type: 'string' }, secret: { type: 'string' }, token: { type: 'string' }, max: { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(usage);
  const rate = Number(values.rate);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 5000) throw new Error('--rate must be between 1 and 5000 notifications per second');
  const durationS = seconds(values.for ?? '60s');
  if (durationS > 3600) throw new Error('--for is at most 1 hour');
  const origin = values.url ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  assertLoopback(origin);
  const secret = values.secret ?? process.env.DEMO_SIGNING_SECRET;
  const token = values.token ?? process.env.DEMO_ACCESS_TOKEN;
  if (!secret || !token) throw new Error(usage);
  const meResponse = await fetch(new URL(apiPath('getMe'), origin), { headers: { authorization: `Bearer ${token}` } });
  if (!meResponse.ok) throw new Error(`GET /v1/me answered ${meResponse.status}: is the server running at ${origin}, and the token valid?`);
  const me = (await meResponse.json()) as Me;
  if (me.mode !== 'test') throw new Error('The simulator only sends for test-mode organizations: use a test token.');
  const generator = new NotificationGenerator(terminalsOf(await fetchMerchants(origin, token)), `sim${randomBytes(3).toString('hex')}`);
  console.log(`Sending ${rate}/s for ${durationS} s to ${origin}/v1/notifications as ${me.organization.name}...`);
  const stats = await runSimulation({
    origin,
    organizationId: me.organization.id,
    secret,
    generator,
    rate,
    durationMs: durationS * 1000,
    maxCount: values.max === undefined ? undefined : Number(values.max),
  });
  console.log(`Sent ${stats.sent} in ${(stats.elapsedMs / 1000).toFixed(1)} s (${errorsText(stats.errors)}).`);
  console.log(`Answers by status: ${JSON.stringify(stats.byStatus)}`);
  console.log(`Scenarios: ${JSON.stringify(stats.byIntent)}`);
  if (stats.byStatus['401']) console.log('401 answers: the secret does not match the server\'s (see npm run secret -- list).');
}

const errorsText = (n: number) => (n === 0 ? 'no network errors' : `${n} network errors`);

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
