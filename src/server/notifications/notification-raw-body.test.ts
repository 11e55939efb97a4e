import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, EventDetail } from '../../contract/events.ts';
import type { Problem } from '../../contract/problem.ts';
import { signatureHeaderValue } from './signature.ts';
import { drainDueEvents } from '../processing/worker.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';
import { counts, createLiveOrg, eventRow, fastPolicy, notification, postNotification, type LiveOrg } from '../test/notification-fixture.ts';

/** The body as an acquirer might lay it out: its own indentation, key order and number spellings, non-ASCII text. */
function handWritten(fields: Record<string, unknown>, extra: string): string {
  const lines = Object.entries(fields).map(([key, value]) => `    "${key}" : ${JSON.stringify(value)}`);
  return `{\n${lines.join(',\n')},\n${extra}\n}\n`;
}

describe.each(backends)('notifications kept as received on $kind (issue 21)', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let org: LiveOrg;
    let auth: string;
    beforeAll(async () => {
      t = await createTestApp(kind);
      org = await createLiveOrg(t.database);
      auth = await bearer(t.database, org.organizationId);
    });
    afterAll(async () => t?.close());
    const drain = () => drainDueEvents(t.database, { policy: fastPolicy });
    const detail = (eventId: string, token = auth) => t.app.inject({ url: `/v1/events/${eventId}`, headers: { authorization: token } });

    it('accepts unknown top-level and nested fields (202), processes the event, and returns the body byte-identical', async () => {
      const { cardData, terminalData: _none, ...known } = notification(org, { amount: 4250 });
      const raw = handWritten(
        { ...known, cardData: { ...cardData, tokenReference: 'tok_9f3a', wallet: { kind: 'apple_pay' } } },
        [
          '    "terminalData": { "navigationMethod": "4g", "latitude": -23.55052, "longitude": -46.633308, "batteryLevel": 0.80 },',
          '    "acquirerExtensions" : { "nsuHost": "001234", "installmentPlan": { "kind": "loja", "rate": 1.990e0 }, "tags": ["açaí", "São Paulo", null] },',
          '    "schemaVersion": 3',
        ].join('\n'),
      );
      const res = await postNotification(t.app, org, {}, { raw });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json<Event>()).not.toHaveProperty('rawBody');
      expect(res.json<Event>().cardData).toEqual({ captureMethod: 'chip', holderName: 'ANA SILVA', cardBrand: 'visa', bin: '402400', last4: '1234' });
      expect(res.json<Event>().terminalData).toMatchObject({ navigationMethod: '4g', latitude: -23.55052 });
      expect(res.json<Event>().terminalData).not.toHaveProperty('batteryLevel');
      await drain();
      const stored = await detail(known.eventId);
      expect(stored.statusCode).toBe(200);
      const event = stored.json<EventDetail>();
      expect(event).toMatchObject({ eventId: known.eventId, eventStatus: 'processed', amount: 4250, failureReason: null });
      expect(event.rawBody).toBe(raw);
      expect(Buffer.from(event.rawBody ?? '', 'utf8').equals(Buffer.from(raw, 'utf8'))).toBe(true);
      // the same bytes again are a repeat (200), not a conflict
      expect((await postNotification(t.app, org, {}, { raw })).statusCode).toBe(200);
      // lists and the stream leave the body out
      const listed = await t.app.inject({ url: `/v1/events?q=${known.eventId}`, headers: { authorization: auth } });
      expect(listed.json<Event[]>()).toHaveLength(1);
      expect(listed.json<Event[]>()[0]).not.toHaveProperty('rawBody');
    });

    it('still validates the fields it knows: a wrong type is a 400 naming the field, top-level or nested, and nothing is stored', async () => {
      const before = await counts(t.database, org.organizationId);
      const cases = [
        [{ ...notification(org), amount: '4250', extraField: true }, '/amount'],
        [{ ...notification(org), cardData: { captureMethod: 'chip', last4: 1234, extra: 'x' } }, '/cardData/last4'],
        [{ ...notification(org), terminalData: { latitude: 'south', extra: 1 } }, '/terminalData/latitude'],
      ] as const;
      for (const [body, pointer] of cases) {
        const res = await postNotification(t.app, org, body);
        expect(res.statusCode, res.body).toBe(400);
        const problem = res.json<Problem>();
        expect(problem.errors?.map((e) => e.pointer)).toContain(pointer);
        expect(problem.detail).toContain(pointer.split('/').at(-1));
      }
      const notUtf8 = Buffer.concat([Buffer.from(JSON.stringify(notification(org)).slice(0, -1)), Buffer.from([0x2c, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])]);
      const headers = { 'content-type': 'application/json', 'x-organization-id': org.organizationId, 'x-signature': signatureHeaderValue(org.secret, notUtf8) };
      const bad = await t.app.inject({ method: 'POST', url: '/v1/notifications', headers, payload: notUtf8 });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json<Problem>().detail).toMatch(/UTF-8/);
      expect(await counts(t.database, org.organizationId)).toEqual(before);
    });

    it('masks a full card number an acquirer adds (to BIN + last 4), never a value of a field the platform knows', async () => {
      const body = notification(org, { terminalSerialNumber: '4000056655665556', metadata: { note: 'card 4012 8888 8888 1881 at till 3', order: '5105105105105100' } });
      const raw = JSON.stringify({ ...body, pan: '4111-1111-1111-1111', panNumber: 5555555555554444, notACard: '4111111111111112' });
      expect((await postNotification(t.app, org, {}, { raw })).statusCode).toBe(202);
      const stored = (await eventRow(t.database, body.eventId)).rawBody;
      const expected = raw
        .replace('4012 8888 8888 1881', '4012 88** **** 1881')
        .replace('"5105105105105100"', '"510510******5100"')
        .replace('4111-1111-1111-1111', '4111-11**-****-1111')
        .replace('5555555555554444', '"555555******4444"');
      expect(stored).toBe(expected);
      expect(stored).toContain('"terminalSerialNumber":"4000056655665556"');
      expect(stored).toContain('"notACard":"4111111111111112"');
      expect(JSON.parse(stored ?? '')).toMatchObject({ panNumber: '555555******4444' });
      await drain();
    });

    it('shows the body only to tokens that may read the event', async () => {
      const body = notification(org);
      await postNotification(t.app, org, body);
      const noEvents = await bearer(t.database, org.organizationId, { scopes: ['transactions:read'] });
      expect((await detail(body.eventId, noEvents)).statusCode).toBe(403);
      await insertOrganization(t.database, 'rawother', ['rawother_m']);
      expect((await detail(body.eventId, await bearer(t.database, 'rawother'))).statusCode).toBe(404);
      // a merchant token sees its merchant's events: this one once processing has matched it to the merchant
      const merchantToken = await bearer(t.database, org.organizationId, { merchantId: org.merchantId });
      expect((await detail(body.eventId, merchantToken)).statusCode).toBe(404);
      await drain();
      expect((await detail(body.eventId, merchantToken)).json<EventDetail>().rawBody).toBe(JSON.stringify(body));
    });
  });
});
