import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/endpoints.ts';
import type { ProblemFieldError } from '../../contract/problem.ts';
import { roles } from '../../contract/roles.ts';
import { buildApp } from '../app.ts';
import { auditEntries, people, ssoConfigs } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { createPerson, findPersonByEmail } from '../people/people-store.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { ManualBrowser } from '../test/manual-browser.ts';
import { startTestProvider, type TestProvider } from '../test/oidc-provider.ts';
import { saveSsoConfig } from './sso-config.ts';

const org = 'orgssocfgaaaaaaaaaaa';
const envOrg = 'orgssoenvaaaaaaaaaaa';
const config = apiPath('getSsoConfig');

describe.each(backends)('single sign-on set by an admin, against a real OpenID provider, on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let idp: TestProvider;
    let origin = '';
    let admin = '';
    /** every answer of the configuration API, to look for the secret in */
    const answers: string[] = [];

    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mssocfgaaaaaaaaaaaa1']);
      await insertOrganization(t.database, envOrg, ['mssoenvaaaaaaaaaaaa1']);
      await createPerson(t.database.db, { organizationId: org, email: 'root@cfg.example', name: 'Root', role: 'admin', status: 'active', mode: 'test', passwordHash: 'x' });
      app = await buildApp({ database: t.database, webRoot: null, live: { signingKey: randomBytes(32) } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      idp = await startTestProvider(`${origin}/v1/sso/callback`);
      idp.accounts.set('neo', { email: 'neo@acme.example', email_verified: true, name: 'Neo', groups: ['ops'] });
      admin = await bearer(t.database, org);
    });
    afterAll(async () => {
      await idp?.stop();
      await app?.close();
      await t?.dispose();
    });

    const call = async (method: 'GET' | 'PUT' | 'DELETE', body?: object, headers: Record<string, string> = {}, auth = admin) => {
      const res = await app.inject({ method, url: config, headers: { authorization: auth, ...headers }, ...(body ? { payload: body } : {}) });
      answers.push(res.body);
      return res;
    };
    const valid = () => ({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: 'openid email profile groups',
      allowedDomains: ['Acme.example'],
      roleClaim: 'groups',
      roleMap: [{ value: 'ops', role: 'support' }],
      defaultRole: null,
    });
    const pointers = (body: string) => (JSON.parse(body) as { errors?: ProblemFieldError[] }).errors?.map((e) => e.pointer);
    const ssoEnabled = async () => (await app.inject({ method: 'GET', url: apiPath('getSsoOptions') })).json<{ enabled: boolean }>().enabled;

    it('has none to start with: 404, and the sign-in page offers none', async () => {
      const res = await call('GET');
      expect(res.statusCode).toBe(404);
      expect(await ssoEnabled()).toBe(false);
    });

    it('refuses bad fields with a 422 naming each one, and saves nothing', async () => {
      const { clientSecret: _secret, ...noSecret } = valid();
      const res = await call('PUT', {
        ...noSecret,
        scopes: 'email profile',
        allowedDomains: ['acme.example', 'not a domain'],
        roleMap: [{ value: 'ops', role: 'owner' }, { value: 'shop', role: 'merchant_operator' }, { value: 'finance', role: 'read_only' }],
        defaultRole: 'merchant_operator',
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(pointers(res.body)).toEqual(['/clientSecret', '/scopes', '/allowedDomains/1', '/roleMap/0/role', '/roleMap/1/role', '/defaultRole']);
      expect(res.json<{ detail: string }>().detail).toMatch(/merchant_operator needs a merchant/);
      expect((await call('GET')).statusCode).toBe(404);
    });

    it('checks the issuer by OpenID discovery: nothing listening, or a server that is no provider, is a 422 on /issuer', async () => {
      const closed = await startTestProvider('http://127.0.0.1:9/cb');
      await closed.stop();
      for (const issuer of [closed.issuer, origin, 'ftp://idp.example']) {
        const res = await call('PUT', { ...valid(), issuer });
        expect(res.statusCode, `${issuer}: ${res.body}`).toBe(422);
        expect(pointers(res.body), issuer).toEqual(['/issuer']);
      }
      expect((await call('GET')).statusCode).toBe(404);
    });

    it('saves a configuration that a full sign-in then uses; the secret is sealed and never answered', async () => {
      const created = await call('PUT', valid());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers.etag).toMatch(/^"t\w+"$/);
      expect(created.json()).toMatchObject({ source: 'api', issuer: idp.issuer, clientSecretSet: true, allowedDomains: ['acme.example'], roleMap: [{ value: 'ops', role: 'support' }] });
      const [row] = await t.database.db.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, org));
      expect(row?.clientSecretSealed).toMatch(/^aes-256-gcm:/);
      expect(row?.clientSecretSealed).not.toContain(idp.clientSecret);
      expect(await ssoEnabled()).toBe(true);
      await expect(signIn('neo')).resolves.toMatchObject({ scopes: roles.support.scopes });
      expect((await findPersonByEmail(t.database.db, 'neo@acme.example'))?.role).toBe('support');
    });

    it('replaces it with If-Match only (428 without, 412 stale); an empty secret keeps the one set', async () => {
      const read = await call('GET');
      expect(read.statusCode).toBe(200);
      const etag = read.headers.etag as string;
      const change = { ...valid(), clientSecret: '', roleMap: [{ value: 'ops', role: 'read_only' }] };
      expect((await call('PUT', change)).statusCode).toBe(428);
      expect((await call('PUT', change, { 'if-match': '"t0"' })).statusCode).toBe(412);
      const replaced = await call('PUT', change, { 'if-match': etag });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.headers.etag).not.toBe(etag);
      expect((await call('PUT', change, { 'if-match': etag })).statusCode).toBe(412);
      // the kept secret still works with the provider: the role now maps to read_only
      await expect(signIn('neo')).resolves.toMatchObject({ scopes: roles.read_only.scopes });
    });

    it('answers read-only (409) for a configuration the server’s environment writes', async () => {
      await saveSsoConfig(t.database.db, null, envOrg, { ...valid(), allowedDomains: [], roleMap: [], defaultRole: null }, 'env');
      const envAdmin = await bearer(t.database, envOrg);
      const read = await call('GET', undefined, {}, envAdmin);
      expect(read.json()).toMatchObject({ source: 'environment', clientSecretSet: true });
      const etag = read.headers.etag as string;
      for (const res of [await call('PUT', valid(), { 'if-match': etag }, envAdmin), await call('DELETE', undefined, { 'if-match': etag }, envAdmin)]) {
        expect(res.statusCode, res.body).toBe(409);
        const problem = res.json<{ type: string; detail: string }>();
        expect(problem.type).toMatch(/sso-managed-by-environment$/);
        expect(problem.detail).toMatch(/managed by the server’s environment/);
      }
    });

    it('removes it with If-Match, unless no active admin could then sign in without it', async () => {
      const etag = (await call('GET')).headers.etag as string;
      expect((await call('DELETE')).statusCode).toBe(428);
      const root = await findPersonByEmail(t.database.db, 'root@cfg.example');
      // the only admin with a password becomes an SSO-only admin: removing single sign-on would lock every admin out
      await t.database.db.update(people).set({ passwordHash: null }).where(eq(people.id, root?.id ?? ''));
      const locked = await call('DELETE', undefined, { 'if-match': etag });
      expect(locked.statusCode, locked.body).toBe(409);
      expect(locked.json<{ type: string }>().type).toMatch(/last-admin$/);
      await t.database.db.update(people).set({ passwordHash: 'x' }).where(eq(people.id, root?.id ?? ''));
      const removed = await call('DELETE', undefined, { 'if-match': etag });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await call('GET')).statusCode).toBe(404);
      // the environment's organization still has its own
      expect(await ssoEnabled()).toBe(true);
    });

    it('audits every change, and the secret appears in no answer and no audit entry', async () => {
      const entries = await t.database.db.select().from(auditEntries).where(like(auditEntries.action, 'sso_config.%'));
      const byOrg = entries.filter((e) => e.organizationId === org);
      expect(byOrg.filter((e) => e.outcome === 'success').map((e) => e.action)).toEqual(['sso_config.update', 'sso_config.update', 'sso_config.delete']);
      expect(byOrg.find((e) => e.outcome === 'success')?.details).toMatchObject({ created: true, secretChanged: true, issuer: idp.issuer });
      expect(entries.every((e) => e.targetType === 'sso_config')).toBe(true);
      const all = await t.database.db.select().from(auditEntries);
      const everything = JSON.stringify([answers, all.map((e) => [e.action, e.targetId, e.details])]);
      expect(everything).not.toContain(idp.clientSecret);
    });

    /** Start → provider (logs `account` in) → callback → the session's GET /v1/me. */
    async function signIn(account: string): Promise<unknown> {
      const browser = new ManualBrowser();
      const start = await browser.get(`${origin}/v1/sso/start`);
      expect(start.status).toBe(303);
      const { url } = await browser.follow(new URL(start.headers.get('location') ?? ''), {
        step: (next) => (next.pathname.startsWith('/interaction/') ? new URL(`${next.href}?account=${account}`) : next),
        until: (next) => next.origin === origin && next.pathname === '/v1/sso/callback',
      });
      const back = await browser.get(url);
      expect(back.headers.get('location')).toBe('/');
      const session = browser.cookie(origin, 'acq_session');
      const me = await app.inject({ method: 'GET', url: apiPath('getMe'), headers: { cookie: `acq_session=${session ?? ''}` } });
      expect(me.statusCode, me.body).toBe(200);
      return me.json();
    }
  });
});
