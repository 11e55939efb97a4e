import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/endpoints.ts';
import { buildApp } from '../app.ts';
import { auditEntries } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { saveSsoConfig } from '../sso/sso-config.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { ManualBrowser } from '../test/manual-browser.ts';
import { startTestProvider, type TestProvider } from '../test/oidc-provider.ts';
import { runUserCommand } from '../user-cli.ts';
import { changePerson, createPerson, findPersonByEmail } from './people-store.ts';

const org = 'orglastadminaaaaaaaa';

/**
 * The last active admin cannot be taken away (issue 24 item 3), on every path: a role change or disabling through
 * the API, `npm run user -- disable`, a role mapped by single sign-on, an invitation, a change from a stale read;
 * and admins count however they sign in (a password, or single sign-on only).
 */
describe.each(backends)('the last admin on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let idp: TestProvider;
    let origin = '';
    let token = '';
    const person = async (email: string) => (await findPersonByEmail(t.database.db, email))!;
    const patch = (email: string, body: object) =>
      person(email).then((p) => app.inject({ method: 'PATCH', url: apiPath('updatePerson', { id: p.id }), headers: { authorization: token }, payload: body }));

    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mlastadminaaaaaaaaa1']);
      const db = t.database.db;
      await createPerson(db, { organizationId: org, email: 'pw@last.example', name: 'Password admin', role: 'admin', status: 'active', mode: 'test', passwordHash: 'x' });
      // signs in through the provider only: no password
      await createPerson(db, { organizationId: org, email: 'sso@last.example', name: 'SSO admin', role: 'admin', status: 'active', mode: 'test' });
      await createPerson(db, { organizationId: org, email: 'ana@last.example', name: 'Ana', role: 'support', status: 'active', mode: 'test' });
      app = await buildApp({ database: t.database, webRoot: null, tokenCacheSeconds: 0 });
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      idp = await startTestProvider(`${origin}/v1/sso/callback`);
      idp.accounts.set('sso', { email: 'sso@last.example', email_verified: true, name: 'SSO admin', groups: ['ops'] });
      await saveSsoConfig(db, null, org, { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid email profile groups', allowedDomains: [], roleClaim: 'groups', roleMap: [{ value: 'ops', role: 'support' }], defaultRole: null }, 'api');
      token = await bearer(t.database, org);
    });
    afterAll(async () => {
      await idp?.stop();
      await app?.close();
      await t?.dispose();
    });

    it('counts an admin who signs in only through single sign-on: the admin with a password can be demoted', async () => {
      const res = await patch('pw@last.example', { role: 'support' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await person('pw@last.example')).role).toBe('support');
    });

    it('refuses to demote or disable the last admin through the API (409 last-admin)', async () => {
      for (const body of [{ role: 'read_only' }, { status: 'disabled' }]) {
        const res = await patch('sso@last.example', body);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json<{ type: string }>().type).toMatch(/last-admin$/);
      }
      expect(await person('sso@last.example')).toMatchObject({ role: 'admin', status: 'active' });
    });

    it('refuses `npm run user -- disable` of the last admin', async () => {
      await expect(runUserCommand(t.database.db, ['disable', 'sso@last.example'], { mailer: null, dashboardUrl: 'https://console.example' })).rejects.toThrow(/last admin/);
      expect((await person('sso@last.example')).status).toBe('active');
    });

    it('keeps the last admin’s role when their provider group maps to another at sign-in (signed in, the refusal audited)', async () => {
      const browser = new ManualBrowser();
      const start = await browser.get(`${origin}/v1/sso/start`);
      const { url } = await browser.follow(new URL(start.headers.get('location') ?? ''), {
        step: (next) => (next.pathname.startsWith('/interaction/') ? new URL(`${next.href}?account=sso`) : next),
        until: (next) => next.origin === origin && next.pathname === '/v1/sso/callback',
      });
      expect((await browser.get(url)).headers.get('location')).toBe('/');
      const admin = await person('sso@last.example');
      expect(admin.role).toBe('admin');
      const refused = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'person.update'), eq(auditEntries.targetId, admin.id), eq(auditEntries.outcome, 'denied')));
      expect(refused.map((e) => e.details)).toContainEqual({ source: 'sso', role: { from: 'admin', to: 'support' }, reason: 'last_admin' });
    });

    it('an invitation cannot take the role away: the last admin’s email is taken (409), the role stays', async () => {
      const res = await app.inject({ method: 'POST', url: apiPath('invitePerson'), headers: { authorization: token }, payload: { email: 'SSO@last.example', role: 'read_only' } });
      expect(res.statusCode, res.body).toBe(409);
      expect((await person('sso@last.example')).role).toBe('admin');
    });

    it('decides on the person as they are under the lock, not as a stale read said', async () => {
      const staleAna = await person('ana@last.example');
      // Ana becomes an admin, then the SSO admin steps down: Ana is the last admin
      await changePerson(t.database.db, staleAna, { role: 'admin' });
      await changePerson(t.database.db, await person('sso@last.example'), { role: 'support' });
      // a change prepared from the read made when Ana was support must not demote the last admin
      await expect(changePerson(t.database.db, staleAna, { role: 'read_only' })).rejects.toThrow(/last admin/);
      expect((await person('ana@last.example')).role).toBe('admin');
    });
  });
});
