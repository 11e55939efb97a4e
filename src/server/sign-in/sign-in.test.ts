import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSession, SignInResult, TotpEnrolment } from '../../contract/people.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { signInFailures } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { hashPassword } from '../people/passwords.ts';
import { createPerson } from '../people/people-store.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';

const org = 'orgsigninaaaaaaaaaaa';
const email = 'ana@example.com';
const password = 'violet tangerine bicycle';
const origin = 'http://localhost:80';

/** The code an authenticator app shows, computed here from the enrolment's otpauth URI (RFC 6238). */
const codeAt = (uri: string, timestamp: number) => {
  const secret = new URL(uri).searchParams.get('secret') ?? '';
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp });
};

describe.each(backends)('people sign in on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    // long enough that slow Argon2 hashing on a loaded machine never lets a failure leave the window mid-test; the
    // test then moves the recorded failures back past it instead of waiting
    const windowMs = 10 * 60_000;
    let spare: string[] = [];
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['msigninaaaaaaaaaaaa1']);
      await createPerson(t.database.db, { organizationId: org, email, name: 'Ana', role: 'support', status: 'active', mode: 'test', passwordHash: await hashPassword(password) });
      app = await buildApp({ database: t.database, webRoot: null, allowTokenSignIn: false, signInLimits: { perAccount: 3, perAddress: 50, windowMs } });
    });
    afterAll(async () => {
      await app?.close();
      await t?.dispose();
    });

    const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'acq_session')?.value ?? '';
    const post = (url: string, payload: object, cookie = '', address = '127.0.0.1') =>
      app.inject({ method: 'POST', url, payload, remoteAddress: address, headers: { origin, ...(cookie ? { cookie: `acq_session=${cookie}` } : {}) } });
    const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie: `acq_session=${cookie}` } });

    it('signs in with email and password, rotating the session id; token sign-in is off', async () => {
      const first = await post('/v1/sign-in', { email: 'ANA@example.com', password });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json<SignInResult>()).toEqual({ next: 'signed_in', secondFactorEnrolled: false });
      const one = cookieOf(first);
      const again = await post('/v1/sign-in', { email, password }, one);
      const two = cookieOf(again);
      expect(two).not.toBe(one);
      expect((await get('/v1/account', one)).statusCode).toBe(401);
      const account = await get('/v1/account', two);
      expect(account.json()).toMatchObject({ person: { email, role: 'support', secondFactor: false }, scopes: ['providers:read', 'transactions:read', 'transactions:holder', 'events:read', 'events:write', 'views:write'] });
      // GET /v1/me names the person (the dashboard's shell shows "My account" and the role from it)
      const me = (await get('/v1/me', two)).json<{ person: unknown; scopes: string[] }>();
      expect(me.person).toMatchObject({ email, name: 'Ana', role: 'support' });
      expect(me.scopes).toEqual(account.json<{ scopes: string[] }>().scopes);
      // the audit trail names the person by their email (the dashboard's "Who")
      const trail = await app.inject({ url: '/v1/audit?action=person.sign_in&outcome=success', headers: { authorization: await bearer(t.database, org, { scopes: ['audit:read'] }) } });
      expect(trail.json<{ actor: { kind: string; name: string | null } }[]>()[0]?.actor).toMatchObject({ kind: 'person', name: email });
      // a page of another origin may not sign this browser in
      const forged = await app.inject({ method: 'POST', url: '/v1/sign-in', payload: { email, password }, headers: { origin: 'https://evil.example' } });
      expect(forged.statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/v1/session', headers: { authorization: 'Bearer acq_test_x' } })).statusCode).toBe(401);
    });

    it('answers a wrong password and an unknown email alike; after the limit 429, and the right password works once the window passed', async () => {
      const wrong = await post('/v1/sign-in', { email, password: 'not the password at all' }, '', '10.0.0.1');
      const unknown = await post('/v1/sign-in', { email: 'nobody@example.com', password }, '', '10.0.0.1');
      expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
      expect(wrong.json<{ detail: string }>().detail).toBe(unknown.json<{ detail: string }>().detail);
      for (let i = 0; i < 2; i++) expect((await post('/v1/sign-in', { email, password: `wrong guess ${i} xxxxx` }, '', '10.0.0.2')).statusCode).toBe(401);
      const refused = await post('/v1/sign-in', { email, password }, '', '10.0.0.3');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // an unknown email is limited the same way: the 429 says nothing about which emails exist
      for (let i = 0; i < 2; i++) await post('/v1/sign-in', { email: 'nobody@example.com', password: `guess ${i} xxxxxxxxxx` }, '', '10.0.0.4');
      expect((await post('/v1/sign-in', { email: 'nobody@example.com', password }, '', '10.0.0.5')).statusCode).toBe(429);
      // the window passes: every recorded failure is now older than it
      await t.database.db.update(signInFailures).set({ at: sql`${signInFailures.at} - make_interval(secs => ${(windowMs + 1000) / 1000})` });
      expect((await post('/v1/sign-in', { email, password }, '', '10.0.0.3')).statusCode).toBe(200);
    });

    it('enrols TOTP with a QR code; sign-in then asks for the code, refuses a replay, and accepts a recovery code once', async () => {
      const cookie = cookieOf(await post('/v1/sign-in', { email, password }));
      const started = await post('/v1/account/second-factor', {}, cookie);
      expect(started.statusCode, started.body).toBe(200);
      const enrolment = started.json<TotpEnrolment>();
      expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(enrolment.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
      const now = Date.now();
      const confirmed = await post('/v1/account/second-factor/confirm', { code: codeAt(enrolment.uri, now) }, cookie);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const { codes } = confirmed.json<{ codes: string[] }>();
      spare = codes;
      expect(new Set(codes).size).toBe(10);

      const step1 = (await post('/v1/sign-in', { email, password })).json<SignInResult>();
      expect(step1.next).toBe('second_factor');
      // the enrolment's code was used: the next step's code signs in, and it works once
      const next = codeAt(enrolment.uri, now + 30_000);
      const done = await post('/v1/sign-in/second-factor', { challenge: step1.challenge, code: next });
      expect(done.statusCode, done.body).toBe(200);
      expect(cookieOf(done)).not.toBe('');
      const step2 = (await post('/v1/sign-in', { email, password })).json<SignInResult>();
      expect((await post('/v1/sign-in/second-factor', { challenge: step2.challenge, code: next })).statusCode).toBe(401);
      const withRecovery = await post('/v1/sign-in/second-factor', { challenge: step2.challenge, code: codes[0] });
      expect(withRecovery.statusCode).toBe(200);
      const step3 = (await post('/v1/sign-in', { email, password })).json<SignInResult>();
      expect((await post('/v1/sign-in/second-factor', { challenge: step3.challenge, code: codes[0] })).statusCode).toBe(401);
    });

    it('lists sessions; a password change ends the others; sign out everywhere ends all; weak passwords refused', async () => {
      const signIn = async (code: string) => {
        const s = (await post('/v1/sign-in', { email, password })).json<SignInResult>();
        return cookieOf(await post('/v1/sign-in/second-factor', { challenge: s.challenge, code }));
      };
      const [a, b] = [await signIn(spare[1] ?? ''), await signIn(spare[2] ?? '')];
      const sessions = (await get('/v1/account/sessions', a)).json<AccountSession[]>();
      expect(sessions.length).toBeGreaterThanOrEqual(2);
      expect(sessions.filter((x) => x.current)).toHaveLength(1);
      const weak = await post('/v1/account/password', { currentPassword: password, newPassword: '1qaz2wsx3edc4rfv' }, a);
      expect(weak.statusCode).toBe(400);
      const short = await post('/v1/account/password', { currentPassword: password, newPassword: 'short one' }, a);
      expect(short.statusCode).toBe(400);
      const changed = await post('/v1/account/password', { currentPassword: password, newPassword: 'a much longer passphrase now' }, a);
      expect(changed.statusCode, changed.body).toBe(204);
      expect((await get('/v1/account', b)).statusCode).toBe(401);
      expect((await get('/v1/account', a)).statusCode).toBe(200);
      const out = await app.inject({ method: 'DELETE', url: '/v1/account/sessions', headers: { origin, cookie: `acq_session=${a}` } });
      expect(out.statusCode).toBe(204);
      expect((await get('/v1/account', a)).statusCode).toBe(401);
      const trail = await t.database.query<{ action: string; outcome: string }>(`select action, outcome from audit_entries where target_type = 'person' order by id`);
      expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['person.sign_in', 'person.second_factor_enrol', 'person.password_change', 'person.sign_out_everywhere']));
      expect(trail.some((e) => e.action === 'person.sign_in' && e.outcome === 'denied')).toBe(true);
    });
  });
});
