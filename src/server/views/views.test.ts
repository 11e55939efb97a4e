import type { Problem } from '../../contract/problem.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '../../contract/saved-views.ts';
import { backends, bearer, createTestApp, insertOrganization, type TestApp } from '../test/harness.ts';

const orgA = 'orgaaaaaaaaaaaaaaaaa';
const orgB = 'orgbbbbbbbbbbbbbbbbb';
const [m1, m2] = ['maaaaaaaaaaaaaaaaaa1', 'maaaaaaaaaaaaaaaaaa2'];

describe.each(backends)('saved views on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestApp;
    let tokens: Record<'a' | 'b' | 'merchant1' | 'merchant2' | 'readOnly' | 'eventsOnly', string>;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await insertOrganization(t.database, orgA, [m1, m2]);
      await insertOrganization(t.database, orgB, ['mbbbbbbbbbbbbbbbbbb1']);
      tokens = {
        a: await bearer(t.database, orgA),
        b: await bearer(t.database, orgB),
        merchant1: await bearer(t.database, orgA, { merchantId: m1 }),
        merchant2: await bearer(t.database, orgA, { merchantId: m2 }),
        readOnly: await bearer(t.database, orgA, { scopes: ['transactions:read', 'events:read'] }),
        eventsOnly: await bearer(t.database, orgA, { scopes: ['events:read', 'views:write'] }),
      };
    });
    afterAll(async () => t?.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
    const create = async (auth: string, body: object): Promise<SavedView> => {
      const res = await call('POST', '/v1/views', auth, body);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers.location).toBe(`/v1/views/${res.json<SavedView>().id}`);
      return res.json();
    };
    const names = async (auth: string, query = '') => (await call('GET', `/v1/views${query}`, auth)).json<SavedView[]>().map((v) => v.name);

    it('stores name, page, filters, order and columns per organization; another organization sees none', async () => {
      const view = await create(tokens.a, {
        name: 'Denied Cielo this week',
        page: 'transactions',
        filters: { status: 'denied', acquirer: 'cielo', created_at: '2026-11-16..2026-11-23' },
        order: { by: 'amount', direction: 'desc' },
        columns: ['created_at', 'amount', 'card_last_digits'],
      });
      expect(view).toMatchObject({ merchantId: null, page: 'transactions', filters: { status: 'denied', acquirer: 'cielo' }, order: { by: 'amount', direction: 'desc' } });
      expect((await call('GET', `/v1/views/${view.id}`, tokens.a)).json()).toEqual(view);
      expect(await names(tokens.b)).toEqual([]);
      expect((await call('GET', `/v1/views/${view.id}`, tokens.b)).statusCode).toBe(404);
      expect((await call('PATCH', `/v1/views/${view.id}`, tokens.b, { name: 'mine' })).statusCode).toBe(404);
      expect((await call('DELETE', `/v1/views/${view.id}`, tokens.b)).statusCode).toBe(404);
    });

    it('validates filters, order and columns against the page’s list, naming each bad field', async () => {
      const res = await call('POST', '/v1/views', tokens.a, {
        name: 'Bad',
        page: 'transactions',
        filters: { status: 'lost', event_status: 'failed' },
        order: { by: 'holder', direction: 'up' },
        columns: ['amount', 'pan'],
      });
      expect(res.statusCode).toBe(400);
      const pointers = (res.json<Problem>().errors as { pointer: string }[]).map((e) => e.pointer).sort();
      expect(pointers).toEqual(expect.arrayContaining(['/filters/status', '/filters/event_status', '/order/by', '/order/direction', '/columns/1']));
      const events = await call('POST', '/v1/views', tokens.a, { name: 'Bad events', page: 'events', filters: { status: 'approved' } });
      expect(events.statusCode).toBe(400);
      expect(JSON.stringify(events.json<Problem>().errors)).toContain('/filters/status');
      const ok = await create(tokens.a, { name: 'Failed events', page: 'events', filters: { event_status: 'failed' }, columns: ['created_at', 'event_id'] });
      const patched = await call('PATCH', `/v1/views/${ok.id}`, tokens.a, { filters: { acquirer: 'cielo' } });
      expect(patched.statusCode).toBe(400);
      expect(JSON.stringify(patched.json<Problem>().errors)).toContain('/filters/acquirer');
    });

    it('keeps a relative period as the preset, dates as dates, never both; a patch with dates drops the preset and back', async () => {
      const weekly = await create(tokens.a, { name: 'Approved this week', page: 'transactions', filters: { status: 'approved' }, datePreset: 'thisWeek' });
      expect(weekly).toMatchObject({ filters: { status: 'approved' }, datePreset: 'thisWeek' });
      expect((await call('GET', `/v1/views/${weekly.id}`, tokens.a)).json<SavedView>().datePreset).toBe('thisWeek');
      const dated = await create(tokens.a, { name: 'A fixed fortnight', page: 'events', filters: { created_at: '2026-11-01..2026-11-15' } });
      expect(dated).toMatchObject({ filters: { created_at: '2026-11-01..2026-11-15' }, datePreset: null });

      const both = await call('POST', '/v1/views', tokens.a, { name: 'Both', page: 'transactions', filters: { created_at: '2026-11-01..' }, datePreset: 'last7' });
      expect(both.statusCode).toBe(400);
      expect(JSON.stringify(both.json<Problem>().errors)).toContain('datePreset');
      const unknown = await call('POST', '/v1/views', tokens.a, { name: 'Unknown', page: 'transactions', datePreset: 'nextWeek' });
      expect(unknown.statusCode).toBe(400);

      // new dates replace the kept period; a new period replaces the kept dates
      const toDates = await call('PATCH', `/v1/views/${weekly.id}`, tokens.a, { filters: { status: 'approved', created_at: '2026-11-02..2026-11-09' } });
      expect(toDates.json<SavedView>()).toMatchObject({ filters: { created_at: '2026-11-02..2026-11-09' }, datePreset: null });
      const toPreset = await call('PATCH', `/v1/views/${weekly.id}`, tokens.a, { datePreset: 'last30' });
      expect(toPreset.statusCode, toPreset.body).toBe(200);
      expect(toPreset.json<SavedView>()).toMatchObject({ filters: { status: 'approved' }, datePreset: 'last30' });
      expect(toPreset.json<SavedView>().filters.created_at).toBeUndefined();
      const renamed = await call('PATCH', `/v1/views/${weekly.id}`, tokens.a, { name: 'Approved, last 30 days' });
      expect(renamed.json<SavedView>()).toMatchObject({ name: 'Approved, last 30 days', datePreset: 'last30' });
    });

    it('lets a merchant token see shared views and its own, change only its own', async () => {
      const shared = await create(tokens.a, { name: 'Shared pix', page: 'transactions', filters: { payment_method: 'pix' } });
      const own = await create(tokens.merchant1, { name: 'Mine', page: 'transactions' });
      expect(own.merchantId).toBe(m1);
      const other = await create(tokens.merchant2, { name: 'Mine', page: 'transactions' });
      expect(other.merchantId).toBe(m2);
      const seen1 = await names(tokens.merchant1, '?page=transactions');
      expect(seen1).toContain('Shared pix');
      expect(seen1.filter((n) => n === 'Mine')).toHaveLength(1);
      expect((await call('GET', `/v1/views/${other.id}`, tokens.merchant1)).statusCode).toBe(404);
      expect(await names(tokens.a, '?page=transactions')).toEqual(expect.arrayContaining(['Shared pix', 'Mine', 'Mine']));
      expect((await call('PATCH', `/v1/views/${shared.id}`, tokens.merchant1, { name: 'Hijack' })).statusCode).toBe(403);
      expect((await call('DELETE', `/v1/views/${shared.id}`, tokens.merchant1)).statusCode).toBe(403);
      expect((await call('POST', '/v1/views', tokens.merchant1, { name: 'For 2', page: 'transactions', merchantId: m2 })).statusCode).toBe(403);
      const renamed = await call('PATCH', `/v1/views/${own.id}`, tokens.merchant1, { name: 'Mine, renamed', columns: ['amount', 'status'] });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Mine, renamed', columns: ['amount', 'status'], filters: {} });
      expect((await call('DELETE', `/v1/views/${own.id}`, tokens.merchant1)).statusCode).toBe(204);
      expect((await call('GET', `/v1/views/${own.id}`, tokens.merchant1)).statusCode).toBe(404);
    });

    it('needs views:write to write and the page’s read scope to see it; names are unique per page and owner', async () => {
      expect((await call('POST', '/v1/views', tokens.readOnly, { name: 'x', page: 'transactions' })).statusCode).toBe(403);
      expect((await call('POST', '/v1/views', tokens.eventsOnly, { name: 'x', page: 'transactions' })).statusCode).toBe(403);
      expect((await call('GET', '/v1/views?page=transactions', tokens.eventsOnly)).statusCode).toBe(403);
      const pages = (await call('GET', '/v1/views', tokens.eventsOnly)).json<SavedView[]>().map((v) => v.page);
      expect(pages.length).toBeGreaterThan(0);
      expect(new Set(pages)).toEqual(new Set(['events']));
      const dup = await call('POST', '/v1/views', tokens.a, { name: 'Shared pix', page: 'transactions' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json<Problem>().existingId).toMatch(/^[0-9a-v]{20}$/);
      expect((await call('POST', '/v1/views', tokens.a, { name: 'Shared pix', page: 'events' })).statusCode).toBe(201);
    });
  });
});
