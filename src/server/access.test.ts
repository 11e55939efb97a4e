import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../contract/events.ts';
import type { Me } from '../contract/me.ts';
import type { Summary } from '../contract/summaries.ts';
import { createToken, revokeToken } from './auth/token-store.ts';
import { backends } from './test/harness.ts';
import { createListFixture, walk, type ListFixture } from './test/list-fixture.ts';

const endpoints = [
  { method: 'GET', url: '/v1/providers', scope: 'providers:read' },
  { method: 'POST', url: '/v1/credentials', scope: 'credentials:write' },
  { method: 'GET', url: '/v1/transactions/summaries', scope: 'transactions:read' },
  { method: 'GET', url: '/v1/events', scope: 'events:read' },
  { method: 'GET', url: '/v1/me', scope: null },
] as const;

const credentialBody = (merchantId: string) => ({
  merchantId,
  providerId: 'd4ps1c0000000000cie0',
  providerName: 'cielo',
  authenticationData: { merchantIdentifier: 'MID42', terminalIdentifier: 'T42' },
});

describe.each(backends)('access control on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let f: ListFixture;
    let revoked: string;
    beforeAll(async () => {
      f = await createListFixture(kind, { a: 120, b: 60 });
      const t = await createToken(f.database.db, { name: 'old', organizationId: f.orgA.id, scopes: ['transactions:read'], mode: 'test' });
      await revokeToken(f.database.db, t.id);
      revoked = `Bearer ${t.token}`;
    });
    afterAll(async () => f?.close());

    const call = (endpoint: (typeof endpoints)[number], authorization?: string) =>
      f.app.inject({
        method: endpoint.method,
        url: endpoint.url,
        headers: authorization === undefined ? {} : { authorization },
        ...(endpoint.method === 'POST' ? { payload: credentialBody(f.orgA.merchantIds[1] ?? '') } : {}),
      });

    it.each(endpoints)('$method $url: 401 with WWW-Authenticate for a missing, malformed, unknown or revoked token', async (endpoint) => {
      const cases: [string | undefined, boolean][] = [
        [undefined, false],
        ['Basic dXNlcjpwYXNz', true],
        ['Bearer acq_test_not_a_real_token', true],
        [revoked, true],
      ];
      for (const [authorization, invalid] of cases) {
        const res = await call(endpoint, authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="acquirer-console"/);
        if (invalid) expect(res.headers['www-authenticate']).toContain('error="invalid_token"');
        expect(res.json()).toMatchObject({ status: 401 });
      }
    });

    it.each(endpoints)('$method $url: 403 for a token without the scope', async (endpoint) => {
      const res = await call(endpoint, f.tokens.noScope);
      if (endpoint.scope === null) {
        expect(res.statusCode).toBe(200);
        return;
      }
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<{ detail: string }>().detail).toContain(endpoint.scope);
    });

    it('keeps organizations apart on every list, filter and write', async () => {
      const aSummaries = new Set(f.orgA.summaries.map((s) => s.id));
      const aEvents = new Set(f.orgA.events.map((e) => e.eventId));
      const sample = f.orgA.summaries[0];
      const sampleEvent = f.orgA.events[0];
      if (!sample || !sampleEvent) throw new Error('empty fixture');
      const summaryFilters: Record<string, string>[] = [{}, { created_at: sample.createdAt.toISOString() }, { acquirer: sample.acquirer }, { card_last_digits: sample.cardLastDigits ?? '0000' }];
      for (const params of summaryFilters) {
        const b = await walk<Summary>(f.app, f.tokens.b, '/v1/transactions/summaries', params);
        expect(b.items.filter((s) => aSummaries.has(s.id ?? ''))).toEqual([]);
      }
      const bAll = await walk<Summary>(f.app, f.tokens.b, '/v1/transactions/summaries', {});
      expect(new Set(bAll.items.map((s) => s.id))).toEqual(new Set(f.orgB.summaries.map((s) => s.id)));
      const eventFilters: Record<string, string>[] = [{}, { created_at: sampleEvent.createdAtText }, { event_status: sampleEvent.eventStatus }];
      for (const params of eventFilters) {
        const b = await walk<Event>(f.app, f.tokens.b, '/v1/events', params);
        expect(b.items.filter((e) => aEvents.has(e.eventId))).toEqual([]);
      }
      const a = await walk<Event>(f.app, f.tokens.a, '/v1/events', {});
      expect(a.items.every((e) => e.merchantId !== null && f.orgA.merchantIds.includes(e.merchantId))).toBe(true);
      const me = await f.app.inject({ url: '/v1/me', headers: { authorization: f.tokens.b } });
      expect(me.json<Me>().merchants.map((m) => m.id).sort()).toEqual([...f.orgB.merchantIds].sort());
      const post = await f.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: f.tokens.b }, payload: credentialBody(f.orgA.merchantIds[0] ?? '') });
      expect(post.statusCode).toBe(400);
      expect(post.json()).toMatchObject({ errors: [{ pointer: '/merchantId' }] });
    });

    it("limits a merchant token to its merchant's rows and credentials", async () => {
      const merchant = f.orgA.merchantIds[0] ?? '';
      const summaries = await walk<Summary>(f.app, f.tokens.merchantA, '/v1/transactions/summaries', {});
      const want = f.orgA.summaries.filter((s) => s.merchantId === merchant).map((s) => s.id);
      expect(want.length).toBeGreaterThan(0);
      expect(new Set(summaries.items.map((s) => s.id))).toEqual(new Set(want));
      const events = await walk<Event>(f.app, f.tokens.merchantA, '/v1/events', {});
      expect(events.items.length).toBe(f.orgA.events.filter((e) => e.merchantId === merchant).length);
      expect(events.items.every((e) => e.merchantId === merchant)).toBe(true);
      const me = await f.app.inject({ url: '/v1/me', headers: { authorization: f.tokens.merchantA } });
      expect(me.json<Me>()).toMatchObject({ merchantId: merchant, merchants: [{ id: merchant, taxId: expect.stringMatching(/^\d{14}$/) as unknown }] });
      const other = await f.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: f.tokens.merchantA }, payload: credentialBody(f.orgA.merchantIds[1] ?? '') });
      expect(other.statusCode).toBe(403);
      const own = await f.app.inject({ method: 'POST', url: '/v1/credentials', headers: { authorization: f.tokens.merchantA }, payload: credentialBody(merchant) });
      expect(own.statusCode).toBe(201);
    });
  });
});
