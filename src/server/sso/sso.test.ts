import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../contract/roles.ts';
import { buildApp } from '../app.ts';
import { auditEntries, people, ssoLogins } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { createPerson, findPersonByEmail } from '../people/people-store.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { ManualBrowser } from '../test/manual-browser.ts';
import { startTestProvider, type TestProvider } from '../test/oidc-provider.ts';
import { saveSsoConfig } from './sso-config.ts';

const org = 'orgssoaaaaaaaaaaaaaa';

describe.each(backends)('single sign-on against a real OpenID provider on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let origin = '';
    let idp: TestProvider;

    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mssoaaaaaaaaaaaaaaa1']);
      const db = t.database.db;
      await createPerson(db, { organizationId: org, email: 'admin@example.com', name: 'Admin', role: 'admin', status: 'active', mode: 'test', passwordHash: 'x' });
      await createPerson(db, { organizationId: org, email: 'ana@example.com', name: 'Ana', role: 'support', status: 'active', mode: 'test' });
      await createPerson(db, { organizationId: org, email: 'dora@example.com', name: 'Dora', role: 'support', status: 'active', mode: 'test' });
      await db.update(people).set({ status: 'disabled' }).where(eq(people.email, 'dora@example.com'));
      app = await buildApp({ database: t.database, webRoot: null });
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      idp = await startTestProvider(`${origin}/v1/sso/callback`);
      const account = (email: string, groups: string[] = [], verified = true) => ({ email, email_verified: verified, name: email.split('@')[0] ?? '', groups });
      idp.accounts.set('ana', account('ana@example.com'));
      idp.accounts.set('dora', account('dora@example.com'));
      idp.accounts.set('eve', account('eve@elsewhere.example'));
      idp.accounts.set('neo', account('neo@acme.example', ['staff', 'ops']));
      idp.accounts.set('nia', account('nia@acme.example', ['staff']));
      idp.accounts.set('sly', account('admin@example.com', [], false));
      await saveSsoConfig(db, null, org, {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        scopes: 'openid email profile groups',
        allowedDomains: ['acme.example'],
        roleClaim: 'groups',
        roleMap: [{ value: 'finance', role: 'read_only' }, { value: 'ops', role: 'support' }],
        defaultRole: null,
      }, 'api');
    });
    afterAll(async () => {
      await idp?.stop();
      await app?.close();
      await t?.dispose();
    });

    const callback = (url: URL) => url.origin === origin && url.pathname === '/v1/sso/callback';
    /** Start → provider → log `account` in → back at the callback, which is not asked yet. */
    async function toCallback(account: string) {
      const browser = new ManualBrowser();
      const start = await browser.get(`${origin}/v1/sso/start?return_to=${encodeURIComponent('/transactions?status=paid')}`);
      expect(start.status).toBe(303);
      const authorization = new URL(start.headers.get('location') ?? '');
      const { url } = await browser.follow(authorization, {
        step: (next) => (next.pathname.startsWith('/interaction/') ? new URL(`${next.href}?account=${account}`) : next),
        until: callback,
      });
      expect(callback(url), url.href).toBe(true);
      return { browser, authorization, callbackUrl: url };
    }
    async function signIn(account: string) {
      const { browser, callbackUrl } = await toCallback(account);
      const answer = await browser.get(callbackUrl);
      expect(answer.status).toBe(303);
      return { browser, location: answer.headers.get('location') ?? '', session: browser.cookie(origin, 'acq_session'), callbackUrl };
    }
    const me = (session: string | undefined) => app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: `acq_session=${session ?? ''}` } });
    const ssoAudit = (outcome: 'success' | 'denied' | 'failure') =>
      t.database.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'session.create'), eq(auditEntries.outcome, outcome), sql`${auditEntries.details}->>'method' = 'sso'`));

    it('says single sign-on is set', async () => {
      expect((await app.inject({ method: 'GET', url: '/v1/sso' })).json()).toEqual({ enabled: true, needsEmail: false });
    });

    it('sends the browser to the provider with PKCE (S256), state and nonce, the verifier kept on the server', async () => {
      const browser = new ManualBrowser();
      const start = await browser.get(`${origin}/v1/sso/start`);
      const url = new URL(start.headers.get('location') ?? '');
      expect(url.origin).toBe(idp.issuer);
      const q = url.searchParams;
      expect([q.get('response_type'), q.get('client_id'), q.get('code_challenge_method'), q.get('redirect_uri')]).toEqual(['code', idp.clientId, 'S256', `${origin}/v1/sso/callback`]);
      expect(q.get('state')?.length).toBeGreaterThanOrEqual(32);
      expect(q.get('nonce')?.length).toBeGreaterThanOrEqual(32);
      const [login] = await t.database.db.select().from(ssoLogins).where(eq(ssoLogins.state, q.get('state') ?? ''));
      expect(createHash('sha256').update(login?.codeVerifier ?? '').digest('base64url')).toBe(q.get('code_challenge'));
      // nothing secret in the URL: the verifier is not in it
      expect(url.href).not.toContain(login?.codeVerifier ?? 'x');
      expect(start.headers.getSetCookie().join()).toMatch(/acq_sso=[\w-]+;.*HttpOnly.*SameSite=Lax/i);
    });

    it('signs an invited person in: a new session (GET /v1/me works), back to the page asked for, audited; the callback works once', async () => {
      const { location, session, browser, callbackUrl } = await signIn('ana');
      expect(location).toBe('/transactions?status=paid');
      const answer = await me(session);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ scopes: roles.support.scopes });
      const ana = await findPersonByEmail(t.database.db, 'ana@example.com');
      expect((await ssoAudit('success')).filter((e) => e.actorKind === 'person' && e.actorId === ana?.id && e.targetId === ana.id)).toHaveLength(1);
      expect(ana?.lastSignInAt).not.toBeNull();
      const again = await browser.get(callbackUrl);
      expect(again.headers.get('location')).toBe('/sign-in?sso_error=expired');
    });

    it('refuses an answer whose state is not the one sent, without starting a session', async () => {
      const { browser, callbackUrl } = await toCallback('ana');
      const forged = new URL(callbackUrl);
      forged.searchParams.set('state', 'x'.repeat(43));
      const answer = await browser.get(forged);
      expect(answer.headers.get('location')).toBe(`/sign-in?sso_error=invalid_response&next=${encodeURIComponent('/transactions?status=paid')}`);
      expect(browser.cookie(origin, 'acq_session')).toBeUndefined();
      expect((await ssoAudit('denied')).some((e) => (e.details as { reason?: string }).reason === 'state_mismatch')).toBe(true);
    });

    it('refuses someone neither invited nor of an allowed domain, a disabled person, an unverified email, and a newcomer without a role', async () => {
      for (const [account, code] of [['eve', 'not_invited'], ['dora', 'disabled'], ['sly', 'email_unverified'], ['nia', 'no_role']] as const) {
        const { location, session } = await signIn(account);
        expect(location, account).toMatch(new RegExp(`^/sign-in\\?sso_error=${code}(&|$)`));
        expect(session, account).toBeUndefined();
      }
      expect(await findPersonByEmail(t.database.db, 'eve@elsewhere.example')).toBeNull();
      expect(await findPersonByEmail(t.database.db, 'nia@acme.example')).toBeNull();
    });

    it('creates a newcomer of an allowed domain with the role their group maps to', async () => {
      const { session } = await signIn('neo');
      const created = await findPersonByEmail(t.database.db, 'neo@acme.example');
      expect([created?.role, created?.status, created?.organizationId]).toEqual(['support', 'active', org]);
      expect((await me(session)).json()).toMatchObject({ scopes: roles.support.scopes });
    });

    it('changes a person’s role when their group maps to another, audited, and keeps it when nothing maps', async () => {
      idp.accounts.set('ana', { ...(idp.accounts.get('ana') ?? { email: '', email_verified: true, name: '' }), groups: ['finance'] });
      const { session } = await signIn('ana');
      const ana = await findPersonByEmail(t.database.db, 'ana@example.com');
      expect(ana?.role).toBe('read_only');
      expect((await me(session)).json()).toMatchObject({ scopes: roles.read_only.scopes });
      const changes = await t.database.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'person.update'), eq(auditEntries.targetId, ana?.id ?? '')));
      expect(changes.map((e) => e.details)).toContainEqual({ source: 'sso', role: { from: 'support', to: 'read_only' } });
      idp.accounts.set('ana', { ...(idp.accounts.get('ana') ?? { email: '', email_verified: true, name: '' }), groups: ['unmapped'] });
      await signIn('ana');
      expect((await findPersonByEmail(t.database.db, 'ana@example.com'))?.role).toBe('read_only');
    });
  });
});
