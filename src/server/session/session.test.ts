import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../contract/me.ts';
import { buildApp } from '../app.ts';
import { revokeToken } from '../auth/token-store.ts';
import { dashboardSessions } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';

const origin = 'http://localhost';

function sessionCookie(setCookie: string | string[] | undefined): { value: string; attributes: string } {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('acq_session=') || c.startsWith('__Host-acq_session='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
  return { value: pair.slice(pair.indexOf('=') + 1), attributes: attributes.join('; ') };
}

describe.each(backends)('dashboard sessions ($kind)', ({ kind, available }) => {
  describe.skipIf(!available)(`on ${kind}`, () => {
    let test: TestDatabase;
    let app: ApiInstance;
    let second: ApiInstance;
    let auth: string;
    const signIn = async (authorization = auth, target = app) => {
      const res = await target.inject({ method: 'POST', url: '/v1/session', headers: { authorization, origin } });
      expect(res.statusCode, res.body).toBe(200);
      return { res, cookie: sessionCookie(res.headers['set-cookie']) };
    };
    const me = (cookie: string, target = app) => target.inject({ url: '/v1/me', headers: { cookie: `acq_session=${cookie}` } });

    beforeAll(async () => {
      test = await createTestDatabase(kind);
      await insertOrganization(test.database, 'org1', ['m1']);
      auth = await bearer(test.database, 'org1', { scopes: ['credentials:write', 'events:read'], mode: 'live' });
      app = await buildApp({ database: test.database, webRoot: null, sessionIdleMinutes: 1 });
      // a second server process on the same database (here: a second app on the same handle)
      second = await buildApp({ database: test.database, webRoot: null, sessionIdleMinutes: 1 });
    });
    afterAll(async () => {
      await app?.close();
      await second?.close();
      await test?.dispose();
    });

    it('exchanges the token for an HttpOnly SameSite=Strict cookie holding a random id, stored only hashed', async () => {
      const { res, cookie } = await signIn();
      expect(res.json<Me>()).toMatchObject({ organization: { id: 'org1' }, mode: 'live', scopes: ['credentials:write', 'events:read'] });
      expect(cookie.attributes).toMatch(/HttpOnly/);
      expect(cookie.attributes).toMatch(/SameSite=Strict/);
      expect(cookie.attributes).toMatch(/Path=\//);
      expect(cookie.attributes).not.toMatch(/Secure/);
      expect(cookie.value).not.toContain(auth.slice('Bearer '.length));
      const hash = createHash('sha256').update(cookie.value).digest('hex');
      const rows = await test.database.db.select().from(dashboardSessions).where(eq(dashboardSessions.idHash, hash));
      expect(rows).toHaveLength(1);
      const raw = await test.database.db.select().from(dashboardSessions).where(eq(dashboardSessions.idHash, cookie.value));
      expect(raw).toHaveLength(0);
    });

    it('authenticates reads with the cookie alone, on any process sharing the database', async () => {
      const { cookie } = await signIn();
      for (const target of [app, second]) {
        const res = await me(cookie.value, target);
        expect(res.statusCode).toBe(200);
        expect(res.json<Me>().organization.id).toBe('org1');
      }
    });

    it('refuses a state-changing request with the cookie unless Origin names this server', async () => {
      const { cookie } = await signIn();
      const post = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/v1/credentials', headers: { cookie: `acq_session=${cookie.value}`, 'content-type': 'application/json', ...headers }, payload: {} });
      const none = await post({});
      expect(none.statusCode).toBe(403);
      expect(none.headers['content-type']).toContain('application/problem+json');
      expect((await post({ origin: 'http://localhost:9999' })).statusCode).toBe(403);
      expect((await post({ origin: 'https://evil.example' })).statusCode).toBe(403);
      // same origin: past the check, the empty body is a validation error
      expect((await post({ origin })).statusCode).toBe(400);
    });

    it('signs out: the session ends on every process and the cookie is cleared', async () => {
      const { cookie } = await signIn();
      const refused = await app.inject({ method: 'DELETE', url: '/v1/session', headers: { cookie: `acq_session=${cookie.value}` } });
      expect(refused.statusCode).toBe(403);
      const out = await app.inject({ method: 'DELETE', url: '/v1/session', headers: { cookie: `acq_session=${cookie.value}`, origin } });
      expect(out.statusCode).toBe(204);
      expect(sessionCookie(out.headers['set-cookie']).attributes).toMatch(/Expires=Thu, 01 Jan 1970/);
      for (const target of [app, second]) expect((await me(cookie.value, target)).statusCode).toBe(401);
      expect((await app.inject({ method: 'DELETE', url: '/v1/session', headers: { origin } })).statusCode).toBe(204);
    });

    it('ends when its token is revoked', async () => {
      const authorization = await bearer(test.database, 'org1', { scopes: ['events:read'] });
      const { res, cookie } = await signIn(authorization);
      expect((await me(cookie.value)).statusCode).toBe(200);
      expect(await revokeToken(test.database.db, res.json<Me>().tokenId)).toBe(true);
      const after = await me(cookie.value);
      expect(after.statusCode).toBe(401);
      expect(after.json<{ detail: string }>().detail).toMatch(/revoked/);
    });

    it('expires after the idle time, and a request within it keeps it alive', async () => {
      const { cookie } = await signIn();
      const hash = createHash('sha256').update(cookie.value).digest('hex');
      const age = (seconds: number) =>
        test.database.db
          .update(dashboardSessions)
          .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
          .where(eq(dashboardSessions.idHash, hash));
      await age(50);
      expect((await me(cookie.value)).statusCode).toBe(200);
      await age(61);
      const expired = await me(cookie.value);
      expect(expired.statusCode).toBe(401);
      expect(expired.json<{ detail: string }>().detail).toMatch(/expired/);
    });

    it('needs a valid bearer token to start, and no page of another origin may start one', async () => {
      expect((await app.inject({ method: 'POST', url: '/v1/session', headers: { origin } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/v1/session', headers: { authorization: 'Bearer nope', origin } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'POST', url: '/v1/session', headers: { authorization: auth, origin: 'http://127.0.0.1:1' } })).statusCode).toBe(403);
      // an API client without Origin may
      expect((await app.inject({ method: 'POST', url: '/v1/session', headers: { authorization: auth } })).statusCode).toBe(200);
    });

    it('keeps bearer tokens working unchanged, with or without a cookie', async () => {
      const res = await app.inject({ url: '/v1/me', headers: { authorization: auth, cookie: 'acq_session=garbage-garbage-garbage-garbage' } });
      expect(res.statusCode).toBe(200);
    });
  });
});

describe('dashboard sessions behind TLS', () => {
  it('sets a Secure __Host- cookie and HSTS', async () => {
    const test = await createTestDatabase('pglite');
    const app = await buildApp({ database: test.database, webRoot: null, behindTls: true });
    try {
      await insertOrganization(test.database, 'org1', []);
      const authorization = await bearer(test.database, 'org1');
      const res = await app.inject({ method: 'POST', url: '/v1/session', headers: { authorization } });
      expect(res.statusCode).toBe(200);
      const cookie = sessionCookie(res.headers['set-cookie']);
      expect([res.headers['set-cookie']].flat()[0]).toMatch(/^__Host-acq_session=/);
      expect(cookie.attributes).toMatch(/Secure/);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const me = await app.inject({ url: '/v1/me', headers: { cookie: `__Host-acq_session=${cookie.value}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await app.close();
      await test.dispose();
    }
  });
});
