import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential, CredentialHistoryEntry } from '../../contract/credentials.ts';
import { parseLinkHeader } from '../../contract/headers.ts';
import type { Problem } from '../../contract/problem.ts';
import { createToken } from '../auth/token-store.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

const cielo = 'd4ps1c0000000000cie0';
const rede = 'd4ps1c0000000000red0';

describe.each(backends)('credential list, PATCH and history on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let auth: string;
    let live: string;
    const made: Credential[] = [];
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, 'org1', ['m1', 'm2']);
      await insertOrganization(t.database, 'org2', ['x1']);
      const { token } = await createToken(t.database.db, { name: 'Ana (onboarding)', organizationId: 'org1', scopes: ['credentials:write'], mode: 'test' });
      auth = `Bearer ${token}`;
      live = await bearer(t.database, 'org1', { mode: 'live' });
      const rows: [string, string, string, string, string, 'connected' | 'disconnected'][] = [
        ['m1', cielo, 'cielo', 'MIDA1', 'TIDA1', 'connected'],
        ['m1', rede, 'rede', 'MIDB2', 'TIDB2', 'disconnected'],
        ['m2', cielo, 'cielo', 'MIDC3', 'TERM99', 'connected'],
        ['m2', rede, 'rede', 'OTHER4', 'TIDD4', 'connected'],
      ];
      for (const [merchantId, providerId, providerName, mid, tid, status] of rows) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/credentials',
          headers: { authorization: auth },
          payload: { merchantId, providerId, providerName, authenticationData: { merchantIdentifier: mid, terminalIdentifier: tid }, status },
        });
        expect(res.statusCode).toBe(201);
        expect(res.headers.etag).toBe('"v1"');
        made.push(res.json<Credential>());
      }
      const other = await t.app.inject({
        method: 'POST',
        url: '/v1/credentials',
        headers: { authorization: live },
        payload: { merchantId: 'm1', providerId: cielo, providerName: 'cielo', authenticationData: { merchantIdentifier: 'LIVE1', terminalIdentifier: 'T1' } },
      });
      expect(other.statusCode).toBe(201);
    });
    afterAll(async () => t?.close());

    const list = async (query = '', authorization = auth) => t.app.inject({ url: `/v1/credentials${query}`, headers: { authorization } });
    const ids = async (query = '', authorization = auth) => (await list(query, authorization)).json<Credential[]>().map((c) => c.id);
    const read = (id: string) => t.app.inject({ url: `/v1/credentials/${id}`, headers: { authorization: auth } });
    const patch = (id: string, payload: object, ifMatch?: string) =>
      t.app.inject({ method: 'PATCH', url: `/v1/credentials/${id}`, headers: { authorization: auth, ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload });
    const idsOf = (indexes: number[]) => indexes.map((i) => made[i]?.id);

    it('lists the test token’s test credentials, newest first, with the paging headers', async () => {
      const res = await list('?limit=3');
      expect(res.statusCode).toBe(200);
      expect(res.json<Credential[]>().map((c) => c.id)).toEqual(idsOf([3, 2, 1]));
      expect(res.headers['x-total-count']).toBe('4');
      expect(res.headers['x-total-count-exact']).toBe('true');
      const links = parseLinkHeader(String(res.headers.link));
      // next is a keyset cursor after the page's last row; last stays a page number (the total is exact)
      expect(links.next).toMatch(/^\/v1\/credentials\?limit=3&cursor=[A-Za-z0-9_-]+$/);
      expect(links.last).toBe('/v1/credentials?limit=3&page=2');
      expect(await ids(links.next?.slice('/v1/credentials'.length) ?? '')).toEqual(idsOf([0]));
      expect(await ids('?limit=3&page=2')).toEqual(idsOf([0]));
      expect(await ids('?order_direction=asc&limit=2')).toEqual(idsOf([0, 1]));
    });

    it('filters by merchant, provider, enabled and q over MID or TID; a live token sees live ones only', async () => {
      expect(await ids('?merchant_id=m1')).toEqual(idsOf([1, 0]));
      expect(await ids(`?provider_id=${rede}`)).toEqual(idsOf([3, 1]));
      expect(await ids('?enabled=false')).toEqual(idsOf([1]));
      expect(await ids('?enabled=true&merchant_id=m2')).toEqual(idsOf([3, 2]));
      expect(await ids('?q=term9')).toEqual(idsOf([2]));
      expect(await ids('?q=midb')).toEqual(idsOf([1]));
      expect(await ids('?q=terminalIdentifier')).toEqual([]);
      const liveList = (await list('', live)).json<Credential[]>();
      expect(liveList.map((c) => c.authenticationData.merchantIdentifier)).toEqual(['LIVE1']);
      expect(await ids('', await bearer(t.database, 'org1', { merchantId: 'm2' }))).toEqual(idsOf([3, 2]));
      expect(await ids('', await bearer(t.database, 'org2'))).toEqual([]);
      const bad = await list('?enabled=yes&provider_id=x');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Problem>().errors?.map((e) => e.parameter).sort()).toEqual(['enabled', 'provider_id']);
    });

    it('PATCH needs If-Match: 428 without, 412 when stale, 200 with the current ETag', async () => {
      const id = String(made[0]?.id);
      const current = await read(id);
      expect(current.headers.etag).toBe('"v1"');
      const missing = await patch(id, { enabled: false });
      expect(missing.statusCode).toBe(428);
      expect(missing.headers['content-type']).toContain('application/problem+json');
      const stale = await patch(id, { enabled: false }, '"v0"');
      expect(stale.statusCode).toBe(412);
      expect(stale.headers.etag).toBe('"v1"');
      expect((await read(id)).json<Credential>().enabled).toBe(true);
      const ok = await patch(id, { enabled: false }, '"v1"');
      expect(ok.statusCode).toBe(200);
      expect(ok.headers.etag).toBe('"v2"');
      expect(ok.json<Credential>().enabled).toBe(false);
      expect((await read(id)).headers.etag).toBe('"v2"');
    });

    it('disabling a disabled one is a no-op; re-saving a disabled one keeps it disabled', async () => {
      const id = String(made[1]?.id);
      const again = await patch(id, { enabled: false }, '"v1"');
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe('"v1"');
      const resaved = await patch(id, { authenticationData: { terminalIdentifier: 'TIDB9' } }, '"v1"');
      expect(resaved.statusCode).toBe(200);
      expect(resaved.json<Credential>()).toMatchObject({ enabled: false, authenticationData: { merchantIdentifier: 'MIDB2', terminalIdentifier: 'TIDB9' } });
      expect(await ids('?enabled=false&q=TIDB9')).toEqual([id]);
    });

    it('the same MID and TID under another merchant is not a duplicate', async () => {
      const id = String(made[2]?.id);
      const etag = String((await read(id)).headers.etag);
      const res = await patch(id, { authenticationData: { merchantIdentifier: 'MIDA1', terminalIdentifier: 'TIDA1' } }, etag);
      expect(res.statusCode).toBe(200);
      expect(res.json<Credential>().authenticationData).toEqual({ merchantIdentifier: 'MIDA1', terminalIdentifier: 'TIDA1' });
    });

    it('409 when the MID and TID match another connection of the same merchant and provider', async () => {
      const id = String(made[3]?.id);
      const other = await t.app.inject({
        method: 'POST',
        url: '/v1/credentials',
        headers: { authorization: auth },
        payload: { merchantId: 'm2', providerId: rede, providerName: 'rede', authenticationData: { merchantIdentifier: 'TAKEN', terminalIdentifier: 'T2' } },
      });
      const etag = String((await read(id)).headers.etag);
      const dup = await patch(id, { authenticationData: { merchantIdentifier: 'TAKEN', terminalIdentifier: 'T2' } }, etag);
      expect(dup.statusCode).toBe(409);
      expect(dup.json<Problem>().existingId).toBe(other.json<Credential>().id);
      const bad = await patch(id, { authenticationData: { terminalIdentifier: 'T#1', nope: 'x' } }, etag);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Problem>().errors?.map((e) => e.pointer).sort()).toEqual(['/authenticationData/nope', '/authenticationData/terminalIdentifier']);
      expect((await read(id)).headers.etag).toBe(etag);
    });

    it('two concurrent PATCHes with the same ETag: one 200, one 412', async () => {
      const id = String(made[3]?.id);
      const etag = String((await read(id)).headers.etag);
      const results = await Promise.all([patch(id, { authenticationData: { terminalIdentifier: 'RACE1' } }, etag), patch(id, { authenticationData: { terminalIdentifier: 'RACE2' } }, etag)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 412]);
      const winner = results.find((r) => r.statusCode === 200)?.json<Credential>();
      expect((await read(id)).json<Credential>().authenticationData.terminalIdentifier).toBe(winner?.authenticationData.terminalIdentifier);
    });

    it('history: who (the token’s name), when, what changed; newest first; 404 for what the token cannot see', async () => {
      const id = String(made[0]?.id);
      const etag = String((await read(id)).headers.etag);
      await patch(id, { enabled: true, authenticationData: { terminalIdentifier: 'TIDA7' } }, etag);
      const res = await t.app.inject({ url: `/v1/credentials/${id}/history`, headers: { authorization: auth } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      const entries = res.json<CredentialHistoryEntry[]>();
      expect(entries.map((e) => e.action)).toEqual(['updated', 'updated', 'created']);
      expect(entries.every((e) => e.actor === 'Ana (onboarding)')).toBe(true);
      expect(entries[0]?.changes).toEqual([
        { field: 'enabled', from: false, to: true },
        { field: 'authenticationData.terminalIdentifier', from: 'TIDA1', to: 'TIDA7' },
      ]);
      expect(entries[1]?.changes).toEqual([{ field: 'enabled', from: true, to: false }]);
      expect(entries[2]?.changes).toContainEqual({ field: 'authenticationData.merchantIdentifier', from: null, to: 'MIDA1' });
      const times = entries.map((e) => Date.parse(e.at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const unseen = await t.app.inject({ url: `/v1/credentials/${id}/history`, headers: { authorization: live } });
      expect(unseen.statusCode).toBe(404);
    });
  });
});
