import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/events.ts';
import { cycles, transactionSummaries } from '../db/schema.ts';
import { revokeSigningSecret, rotateSigningSecret } from './signing-secrets.ts';
import { drainDueEvents } from '../processing/worker.ts';
import { backends, createTestApp, type TestApp } from '../test/harness.ts';
import { connect, counts, createLiveOrg, eventRow, fastPolicy, notification, postNotification, type LiveOrg } from '../test/notification-fixture.ts';

describe.each(backends)('POST /v1/notifications on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let org: LiveOrg;
    beforeAll(async () => {
      t = await createTestApp(kind);
      org = await createLiveOrg(t.database);
    });
    afterAll(async () => t?.close());
    const drain = () => drainDueEvents(t.database, { policy: fastPolicy });

    it('stores a signed notification pending (202) and the worker processes it into a summary with its cycle', async () => {
      const body = notification(org, { amount: 12_345 });
      const res = await postNotification(t.app, org, body);
      expect(res.statusCode).toBe(202);
      const event = res.json<Event>();
      expect(event).toMatchObject({ eventId: body.eventId, eventStatus: 'pending', attempts: 0, merchantId: null, createdAt: body.createdAt });
      await drain();
      const row = await eventRow(t.database, body.eventId);
      expect(row).toMatchObject({ eventStatus: 'processed', attempts: 1, merchantId: org.merchantId, failureReason: null });
      expect(row.processedAt).not.toBeNull();
      const [summary] = await t.database.db.select().from(transactionSummaries).where(eq(transactionSummaries.id, row.summaryId ?? ''));
      expect(summary).toMatchObject({ merchantId: org.merchantId, gatewayTransactionId: body.id, amountMinor: 12_345n, cardFirstDigits: '402400', cardLastDigits: '1234' });
      expect(summary).toMatchObject({ acquirerMerchantId: body.acquirerMerchantIdentifier, acquirerTerminalId: body.acquirerTerminalIdentifier });
      const steps = await t.database.db.select().from(cycles).where(eq(cycles.summaryId, summary?.id ?? ''));
      expect(steps.map((c) => [c.type, c.status, c.amountMinor])).toEqual([['authorization', 'approved', 12_345n]]);
      const listed = await t.app.inject({ url: '/v1/events?limit=100', headers: { authorization: await bearerFor(t, org) } });
      expect(listed.json<Event[]>().find((e) => e.eventId === body.eventId)).toMatchObject({ eventStatus: 'processed', summaryId: summary?.id, attempts: 1 });
    });

    it('stores every field as sent; a notification without a card stores no card (SQL NULL), not a JSON null', async () => {
      const terminalData = { navigationMethod: 'wifi', networkSsid: 'LOJA', simSerialNumber: null, simApnData: null, ipAddress: '10.0.0.7', latitude: -23.5, longitude: -46.6 };
      const body = notification(org, { paymentMethod: 'pix', cardData: null, installments: 3, installmentInterest: true, productAid: 'A0000000031010', terminalData, metadata: { channel: 'pos', n: 2, ok: true } });
      const res = await postNotification(t.app, org, body);
      expect(res.statusCode, res.body).toBe(202);
      const { eventId, id, createdAt, eventType, acquirerName, transactionType, transactionStatus, terminalId, terminalSerialNumber, merchantTaxId } = body;
      expect(res.json<Event>()).toMatchObject({ eventId, id, createdAt, eventType, acquirerName, transactionType, transactionStatus, terminalId, terminalSerialNumber, merchantTaxId });
      expect(res.json<Event>()).toMatchObject({ amount: body.amount, currency: 'BRL', paymentMethod: 'pix', installments: 3, installmentInterest: true, productAid: 'A0000000031010' });
      expect(res.json<Event>()).toMatchObject({ authorizationCode: body.authorizationCode, retrievalReferenceNumber: body.retrievalReferenceNumber, acquirerResponseCode: '00' });
      expect(res.json<Event>()).toMatchObject({ cardData: null, terminalData, metadata: { channel: 'pos', n: 2, ok: true }, nextAttemptAt: expect.any(String) as string });
      const [stored] = await t.database.query<{ no_card: boolean; pending: boolean }>("select card_data is null as no_card, event_status = 'pending' as pending from events where event_id = $1", [body.eventId]);
      expect(stored).toEqual({ no_card: true, pending: true });
      await drain();
    });

    it('refuses unsigned, wrongly signed, stale, tampered, malformed and oversized notifications, storing nothing', async () => {
      const before = await counts(t.database, org.organizationId);
      const body = notification(org);
      const raw = JSON.stringify(body);
      const cases = [
        [await postNotification(t.app, org, body, { signature: null }), 401, 'signature-missing'],
        [await postNotification(t.app, org, body, { secret: 'whsec_wrong' }), 401, 'signature-mismatch'],
        [await postNotification(t.app, org, body, { timestamp: Math.floor(Date.now() / 1000) - 301 }), 401, 'signature-stale'],
        [await postNotification(t.app, org, body, { raw: raw.replace('"amount":10000', '"amount":99999'), signedBody: raw }), 401, 'signature-mismatch'],
        [await postNotification(t.app, org, body, { signature: 't=1,v1=zz' }), 401, 'signature-malformed'],
        [await postNotification(t.app, org, body, { organizationId: 'someone-else' }), 401, 'signature-mismatch'],
        [await postNotification(t.app, org, body, { raw: '{"eventId": ' }), 400, 'malformed-json'],
        [await postNotification(t.app, org, { ...body, amount: 10.5 }), 400, 'validation-error'],
        [await postNotification(t.app, org, { ...body, acquirerTerminalIdentifier: 'TOO-LONG-TID' }), 400, 'validation-error'],
        [await postNotification(t.app, org, { ...body, metadata: { big: 'x'.repeat(70_000) } }), 413, 'content-too-large'],
      ] as const;
      for (const [res, status, type] of cases) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json<{ type: string }>().type).toMatch(new RegExp(`${type}$`));
      }
      expect(await counts(t.database, org.organizationId)).toEqual(before);
    });

    it('accepts the old and the new secret during a rotation, and the old one no longer once revoked', async () => {
      const old = org.secret;
      const rotated = await rotateSigningSecret(t.database.db, org.organizationId, null, 60_000);
      expect((await postNotification(t.app, org, notification(org), { secret: old })).statusCode).toBe(202);
      expect((await postNotification(t.app, org, notification(org), { secret: rotated.secret })).statusCode).toBe(202);
      const secrets = await t.database.query<{ id: string; expires_at: Date | null }>('select id, expires_at from signing_secrets where organization_id = $1', [org.organizationId]);
      const previous = secrets.find((s) => s.id !== rotated.id);
      expect(previous?.expires_at).not.toBeNull();
      await revokeSigningSecret(t.database.db, previous?.id ?? '');
      // a revocation takes effect when the server's few-seconds secret cache refreshes: refresh it now
      await t.app.live.secrets.get(org.organizationId, true);
      expect((await postNotification(t.app, org, notification(org), { secret: old })).statusCode).toBe(401);
      expect((await postNotification(t.app, org, notification(org), { secret: rotated.secret })).statusCode).toBe(202);
      org.secret = rotated.secret;
      await drain();
    });

    it('accepts concurrent duplicates once: one 202, the rest 200 with the same event; one event, one cycle', async () => {
      const before = await counts(t.database, org.organizationId);
      const body = notification(org);
      const answers = await Promise.all(Array.from({ length: 12 }, () => postNotification(t.app, org, body)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 202]);
      expect(new Set(answers.map((a) => a.json<Event>().eventId))).toEqual(new Set([body.eventId]));
      await drain();
      const again = await postNotification(t.app, org, body);
      expect(again.statusCode).toBe(200);
      expect(again.json<Event>().eventStatus).toBe('processed');
      expect(await counts(t.database, org.organizationId)).toEqual({ events: before.events + 1, summaries: before.summaries + 1, cycles: before.cycles + 1 });
      const changed = await postNotification(t.app, org, { ...body, amount: body.amount + 1 });
      expect(changed.statusCode).toBe(409);
    });

    it('fails each contradiction with its reason and a sentence', async () => {
      const other = await createLiveOrg(t.database);
      await connect(t.database, other, '777', 'OFF1', false);
      const auth = notification(other, { amount: 5000 });
      const denied = notification(other, { transactionStatus: 'denied', acquirerResponseCode: '51', authorizationCode: null });
      const cases = [
        [notification(other, { acquirerTerminalIdentifier: 'NOPE0001' }), 'unknown_terminal'],
        [notification(other, { acquirerMerchantIdentifier: '777', acquirerTerminalIdentifier: 'OFF1' }), 'connection_disabled'],
        [notification(other, { merchantTaxId: '99999999000199' }), 'merchant_mismatch'],
        [notification(other, { id: auth.id, transactionType: 'capture', amount: 5001 }), 'amount_mismatch'],
        [notification(other, { id: auth.id, transactionType: 'capture', amount: 5000, currency: 'USD' }), 'currency_mismatch'],
        [notification(other, { id: denied.id, transactionType: 'capture' }), 'authorization_denied'],
      ] as const;
      for (const body of [auth, denied]) expect((await postNotification(t.app, other, body)).statusCode).toBe(202);
      await drain();
      for (const [body] of cases) expect((await postNotification(t.app, other, body)).statusCode).toBe(202);
      await drain();
      for (const [body, reason] of cases) {
        const row = await eventRow(t.database, body.eventId);
        expect(row, reason).toMatchObject({ eventStatus: 'failed', failureReason: reason, attempts: 1, summaryId: null });
        expect(row.failureDetail).toMatch(/\.$/);
      }
      const orphan = notification(other, { transactionType: 'capture' });
      await postNotification(t.app, other, orphan);
      for (let i = 0; i < 20 && (await eventRow(t.database, orphan.eventId)).eventStatus === 'pending'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await drain();
      }
      expect(await eventRow(t.database, orphan.eventId)).toMatchObject({ eventStatus: 'failed', failureReason: 'authorization_missing', attempts: fastPolicy.maxAttempts });
    });

    it('retries a capture that arrived before its authorization, then applies both in order', async () => {
      const auth = notification(org, { amount: 7000 });
      const capture = notification(org, { id: auth.id, transactionType: 'capture', amount: 7000 });
      const policy = { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 60_000 };
      const drain = () => drainDueEvents(t.database, { policy });
      await postNotification(t.app, org, capture);
      await drain();
      const waiting = await eventRow(t.database, capture.eventId);
      expect(waiting).toMatchObject({ eventStatus: 'pending', failureReason: 'awaiting_authorization', attempts: 1 });
      expect(waiting.nextAttemptAt).not.toBeNull();
      expect(waiting.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);
      await postNotification(t.app, org, auth);
      await drain();
      expect((await eventRow(t.database, capture.eventId)).eventStatus).toBe('pending');
      // the backoff elapses
      await t.database.query('update events set next_attempt_at = now() where event_id = $1', [capture.eventId]);
      await drain();
      const done = await eventRow(t.database, capture.eventId);
      expect(done).toMatchObject({ eventStatus: 'processed', attempts: 2, failureReason: null });
      const [summary] = await t.database.db.select().from(transactionSummaries).where(eq(transactionSummaries.id, done.summaryId ?? ''));
      expect(summary?.status).toBe('approved');
      const steps = await t.database.db.select().from(cycles).where(eq(cycles.summaryId, summary?.id ?? ''));
      expect(steps.sort((a, b) => a.seq - b.seq).map((c) => c.type)).toEqual(['authorization', 'capture']);
    });

    it('loses nothing and applies nothing twice when a batch aborts midway', async () => {
      const crash = await createLiveOrg(t.database);
      const bodies = Array.from({ length: 6 }, () => notification(crash));
      for (const body of bodies) expect((await postNotification(t.app, crash, body)).statusCode).toBe(202);
      let applied = 0;
      await expect(
        drainDueEvents(t.database, {
          policy: fastPolicy,
          afterEvent: () => {
            if (++applied === 4) throw new Error('worker killed');
          },
        }),
      ).rejects.toThrow('worker killed');
      expect(await counts(t.database, crash.organizationId)).toEqual({ events: 6, summaries: 0, cycles: 0 });
      for (const body of bodies) expect(await eventRow(t.database, body.eventId)).toMatchObject({ eventStatus: 'pending', attempts: 0 });
      await drain();
      expect(await counts(t.database, crash.organizationId)).toEqual({ events: 6, summaries: 6, cycles: 6 });
      for (const body of bodies) expect(await eventRow(t.database, body.eventId)).toMatchObject({ eventStatus: 'processed', attempts: 1 });
    });
  });
});

async function bearerFor(t: TestApp, org: LiveOrg): Promise<string> {
  const { bearer } = await import('../test/harness.ts');
  return bearer(t.database, org.organizationId);
}
