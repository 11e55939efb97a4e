import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { NotificationInput } from '../../contract/notifications.ts';
import { identityKey } from '../credentials/authentication-data.ts';
import type { Database } from '../db/client.ts';
import { credentials, cycles, events, transactionSummaries } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { signatureHeaderValue } from '../notifications/signature.ts';
import { createSigningSecret } from '../notifications/signing-secrets.ts';
import type { ProcessingPolicy } from '../processing/process-event.ts';
import { providerCatalog } from '../providers/providers-catalog.ts';
import { insertOrganization } from './harness.ts';
import { contentTypeHeader, organizationIdHeader, signatureHeader } from '../../contract/headers.ts';

export const fastPolicy: ProcessingPolicy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5 };

export interface LiveOrg {
  organizationId: string;
  merchantId: string;
  taxId: string;
  mid: string;
  tid: string;
  secret: string;
}

const cielo = providerCatalog.find((p) => p.name === 'cielo');

/** A connection (credential) for cielo with this MID/TID. */
export async function connect(database: Database, org: Pick<LiveOrg, 'organizationId' | 'merchantId'>, mid: string, tid: string, enabled = true): Promise<string> {
  if (!cielo) throw new Error('no cielo');
  const data = { merchantIdentifier: mid, terminalIdentifier: tid };
  const id = `c${randomBytes(10).toString('hex').slice(0, 19)}`;
  await database.db.insert(credentials).values({
    id,
    organizationId: org.organizationId,
    merchantId: org.merchantId,
    providerId: cielo.id,
    authenticationData: data,
    identityKey: identityKey(data, cielo.authenticationFields),
    status: enabled ? 'connected' : 'disconnected',
    testMode: true,
    enabled,
  });
  return id;
}

/** An organization with one merchant, one cielo connection and a signing secret. */
export async function createLiveOrg(database: Database, suffix = randomBytes(3).toString('hex')): Promise<LiveOrg> {
  const organizationId = `org${suffix}`;
  const merchantId = `mer${suffix}`;
  await insertOrganization(database, organizationId, [merchantId]);
  const org = { organizationId, merchantId, taxId: '11111111000191', mid: '1020304050', tid: 'T0000001', secret: '' };
  await connect(database, org, org.mid, org.tid);
  org.secret = (await createSigningSecret(database.db, organizationId, null)).secret;
  return org;
}

let counter = 0;

/** A valid authorization notification of `org`'s terminal; override any field. */
export function notification(org: LiveOrg, overrides: Partial<NotificationInput> = {}): NotificationInput {
  counter++;
  return {
    eventId: `ev${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`,
    id: `tx${Date.now().toString(36)}${counter}`,
    createdAt: new Date().toISOString().replace('Z', '123456Z'),
    eventType: 'payment.completed',
    acquirerName: 'cielo',
    transactionType: 'authorization',
    transactionStatus: 'approved',
    terminalId: 'term0001',
    terminalSerialNumber: 'SN0001',
    merchantTaxId: org.taxId,
    acquirerMerchantIdentifier: org.mid,
    acquirerTerminalIdentifier: org.tid,
    currency: 'BRL',
    amount: 10_000,
    paymentMethod: 'credit_card',
    authorizationCode: '123456',
    acquirerResponseCode: '00',
    retrievalReferenceNumber: `${counter}`.padStart(12, '0'),
    cardData: { captureMethod: 'chip', holderName: 'ANA SILVA', cardBrand: 'visa', bin: '402400', last4: '1234' },
    ...overrides,
  };
}

export interface PostOptions {
  secret?: string;
  timestamp?: number;
  organizationId?: string;
  /** send these bytes instead of the JSON of the body (the signature still covers `signedBody` or them) */
  raw?: string;
  signedBody?: string;
  signature?: string | null;
}

export function postNotification(app: ApiInstance, org: LiveOrg, body: NotificationInput | Record<string, unknown>, options: PostOptions = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const signature = options.signature === undefined ? signatureHeaderValue(options.secret ?? org.secret, options.signedBody ?? raw, options.timestamp) : options.signature;
  const headers: Record<string, string> = { [contentTypeHeader]: 'application/json', [organizationIdHeader]: options.organizationId ?? org.organizationId };
  if (signature !== null) headers[signatureHeader] = signature;
  return app.inject({ method: 'POST', url: '/v1/notifications', headers, payload: raw });
}

export async function counts(database: Database, organizationId: string) {
  const [e] = await database.db.select({ n: count() }).from(events).where(eq(events.organizationId, organizationId));
  const [s] = await database.db.select({ n: count() }).from(transactionSummaries).where(eq(transactionSummaries.organizationId, organizationId));
  const [c] = await database.db
    .select({ n: count() })
    .from(cycles)
    .innerJoin(transactionSummaries, eq(transactionSummaries.id, cycles.summaryId))
    .where(eq(transactionSummaries.organizationId, organizationId));
  return { events: Number(e?.n), summaries: Number(s?.n), cycles: Number(c?.n) };
}

export async function eventRow(database: Database, eventId: string) {
  const [row] = await database.db.select().from(events).where(eq(events.eventId, eventId));
  if (!row) throw new Error(`no event ${eventId}`);
  return row;
}
