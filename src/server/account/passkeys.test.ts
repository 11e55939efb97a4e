import { TOTP, Secret } from 'otpauth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passkey } from '../../contract/passkeys.ts';
import type { SignInResult, TotpEnrolment } from '../../contract/people.ts';
import { buildApp } from '../app.ts';
import { hashToken } from '../auth/token-store.ts';
import { dashboardSessions, passkeys } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { hashPassword } from '../people/passwords.ts';
import { createPerson } from '../people/people-store.ts';
import { backends, bearer, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';
import { SoftAuthenticator } from '../test/soft-authenticator.ts';

const org = 'orgpasskeyaaaaaaaaaa';
const email = 'bia@example.com';
const password = 'passkeys are a stronger factor';
// app.inject's Host is localhost:80: the relying party is "localhost", the origin http://localhost (default port dropped)
const origin = 'http://localhost:80';
const browserOrigin = 'http://localhost';

type Options = { challenge: string; rp: { id?: string; name: string }; user: { id: string }; rpId?: string; allowCredentials?: { id: string }[]; userVerification?: string };

describe.each(backends)('passkeys on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let personId = '';
    let cookie = '';
    let totpSecret = '';
    let lastStep = 0;
    const authenticator = new SoftAuthenticator(browserOrigin);
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, ['mpasskeyaaaaaaaaaaa1']);
      personId = (await createPerson(t.database.db, { organizationId: org, email, name: 'Bia', role: 'support', status: 'active', mode: 'test', passwordHash: await hashPassword(password) })).id;
      app = await buildApp({ database: t.database, webRoot: null, allowTokenSignIn: false, signInLimits: { perAccount: 4, perAddress: 100, windowMs: 60_000 } });
    });
    afterAll(async () => {
      await app?.close();
      await t?.dispose();
    });

    const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'acq_session')?.value ?? '';
    const send = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object, session = cookie) =>
      app.inject({ method, url, ...(payload ? { payload } : {}), headers: { origin, ...(session ? { cookie: `acq_session=${session}` } : {}) } });
    const passwordStep = async () => (await send('POST', '/v1/sign-in', { email, password }, '')).json<SignInResult & { passkey?: Options }>();
    const trail = async (action: string) => {
      const res = await app.inject({ url: `/v1/audit?action=${action}`, headers: { authorization: await bearer(t.database, org, { scopes: ['audit:read'] }) } });
      return res.json<{ outcome: string; details: Record<string, unknown> }[]>();
    };
    const totpCode = () => {
      lastStep = Math.max(lastStep + 1, Math.floor(Date.now() / 30_000));
      return new TOTP({ secret: Secret.fromBase32(totpSecret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: lastStep * 30_000 });
    };

    it('registers a passkey after the authenticator app: a real attestation, checked, named and listed; its challenge works once', async () => {
      cookie = cookieOf(await send('POST', '/v1/sign-in', { email, password }, ''));
      const early = await send('POST', '/v1/account/passkeys/options', {});
      expect(early.statusCode, early.body).toBe(409);
      const enrolment = (await send('POST', '/v1/account/second-factor', {})).json<TotpEnrolment>();
      totpSecret = enrolment.secret;
      expect((await send('POST', '/v1/account/second-factor/confirm', { code: totpCode() })).statusCode).toBe(200);

      const options = (await send('POST', '/v1/account/passkeys/options', {})).json<Options>();
      expect(options.rp).toEqual({ name: 'Acquirer Console', id: 'localhost' });
      expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(personId);
      const response = authenticator.create(options);
      const added = await send('POST', '/v1/account/passkeys', { name: 'Work laptop', response });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json<Passkey>()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, backedUp: false });
      const [stored] = await t.database.db.select().from(passkeys).where(eq(passkeys.personId, personId));
      expect(stored?.credentialId).toBe(response.id);
      // the same answer again: its challenge was taken
      expect((await send('POST', '/v1/account/passkeys', { name: 'Again', response })).statusCode).toBe(400);
      // an answer made for another origin is refused
      const phished = new SoftAuthenticator('https://console.example.evil').create((await send('POST', '/v1/account/passkeys/options', {})).json<Options>());
      expect((await send('POST', '/v1/account/passkeys', { name: 'Phished', response: phished })).statusCode).toBe(400);
      const list = (await send('GET', '/v1/account/passkeys')).json<Passkey[]>();
      expect(list.map((p) => p.name)).toEqual(['Work laptop']);
      expect((await trail('person.passkey_add')).map((e) => [e.outcome, e.details.name])).toEqual([['failure', undefined], ['failure', undefined], ['success', 'Work laptop']]);
    });

    it('signs in with the password and the passkey (offered first, the app still works); replays and cloned counters are refused', async () => {
      const step = await passwordStep();
      expect(step.next).toBe('second_factor');
      expect(step.passkey?.allowCredentials?.map((c) => c.id)).toEqual([authenticator.credentials[0]?.id.toString('base64url')]);
      const assertion = authenticator.get(step.passkey ?? { challenge: '' });
      const done = await send('POST', '/v1/sign-in/passkey', { challenge: step.challenge, response: assertion }, '');
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<SignInResult>()).toEqual({ next: 'signed_in', secondFactorEnrolled: true });
      expect((await send('GET', '/v1/account', undefined, cookieOf(done))).statusCode).toBe(200);
      expect((await trail('person.sign_in')).find((e) => e.outcome === 'success')?.details).toMatchObject({ method: 'password+passkey', secondFactor: 'passkey' });
      const [used] = (await send('GET', '/v1/account/passkeys')).json<Passkey[]>();
      expect(used?.lastUsedAt).not.toBeNull();
      // the same assertion again: the sign-in and its challenge were used
      expect((await send('POST', '/v1/sign-in/passkey', { challenge: step.challenge, response: assertion }, '')).statusCode).toBe(401);
      // a clone of the authenticator reports a counter that did not grow
      const again = await passwordStep();
      const clone = authenticator.get(again.passkey ?? { challenge: '' }, { counter: authenticator.credentials[0]?.counter ?? 0 });
      expect((await send('POST', '/v1/sign-in/passkey', { challenge: again.challenge, response: clone }, '')).statusCode).toBe(401);
      // the code of the app still finishes the same sign-in
      expect((await send('POST', '/v1/sign-in/second-factor', { challenge: again.challenge, code: totpCode() }, '')).statusCode).toBe(200);
    });

    it('signs in with the passkey alone only when the authenticator verified the person', async () => {
      const options = (await send('POST', '/v1/sign-in/passkey/options', {}, '')).json<Options>();
      expect(options.userVerification).toBe('required');
      expect(options.allowCredentials ?? []).toEqual([]);
      const unverified = authenticator.get(options, { userVerified: false });
      expect((await send('POST', '/v1/sign-in/passkey', { response: unverified }, '')).statusCode).toBe(401);
      const fresh = (await send('POST', '/v1/sign-in/passkey/options', {}, '')).json<Options>();
      const verified = await send('POST', '/v1/sign-in/passkey', { response: authenticator.get(fresh) }, '');
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await send('GET', '/v1/account', undefined, cookieOf(verified))).json<{ person: { email: string } }>().person.email).toBe(email);
      expect((await trail('person.sign_in')).find((e) => e.outcome === 'success')?.details).toMatchObject({ method: 'passkey' });
    });

    it('renames; removing needs the password once the sign-in is older than 10 minutes', async () => {
      const [key] = (await send('GET', '/v1/account/passkeys')).json<Passkey[]>();
      const renamed = await send('PATCH', `/v1/account/passkeys/${key?.id}`, { name: 'Old laptop' });
      expect(renamed.json<Passkey>().name).toBe('Old laptop');
      await t.database.db.update(dashboardSessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(dashboardSessions.idHash, hashToken(cookie)));
      expect((await send('POST', `/v1/account/passkeys/${key?.id}/removal`, {})).statusCode).toBe(400);
      expect((await send('POST', `/v1/account/passkeys/${key?.id}/removal`, { password: 'not the password at all' })).statusCode).toBe(400);
      expect((await send('POST', `/v1/account/passkeys/${key?.id}/removal`, { password })).statusCode).toBe(204);
      expect((await send('GET', '/v1/account/passkeys')).json()).toEqual([]);
      expect((await trail('person.passkey_remove')).map((e) => e.outcome)).toEqual(['success', 'failure', 'failure']);
      // a fresh sign-in (here with the passkey alone) may remove one without the password
      const next = authenticator.create((await send('POST', '/v1/account/passkeys/options', {})).json<Options>());
      const added = (await send('POST', '/v1/account/passkeys', { name: 'Phone', response: next })).json<Passkey>();
      const options = (await send('POST', '/v1/sign-in/passkey/options', {}, '')).json<Options>();
      const fresh = cookieOf(await send('POST', '/v1/sign-in/passkey', { response: authenticator.get(options) }, ''));
      expect((await send('POST', `/v1/account/passkeys/${added.id}/removal`, {}, fresh)).statusCode).toBe(204);
    });

    it("an admin's reset of the second factor removes the passkeys too", async () => {
      const options = (await send('POST', '/v1/account/passkeys/options', {})).json<Options>();
      expect((await send('POST', '/v1/account/passkeys', { name: 'Key', response: authenticator.create(options) })).statusCode).toBe(201);
      const reset = await app.inject({ method: 'DELETE', url: `/v1/people/${personId}/second-factor`, headers: { authorization: await bearer(t.database, org, { scopes: ['people:write'] }) } });
      expect(reset.statusCode, reset.body).toBe(204);
      expect(await t.database.db.select().from(passkeys).where(eq(passkeys.personId, personId))).toEqual([]);
      // the passkey no longer signs in
      const fresh = (await send('POST', '/v1/sign-in/passkey/options', {}, '')).json<Options>();
      expect((await send('POST', '/v1/sign-in/passkey', { response: authenticator.get(fresh) }, '')).statusCode).toBe(401);
    });
  });
});
