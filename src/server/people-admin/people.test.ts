import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit.ts';
import { apiPath } from '../../contract/endpoints.ts';
import type { ApiToken, CreatedApiToken, Invitation, Person } from '../../contract/people.ts';
import { buildApp } from '../app.ts';
import { invitations } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { hashPassword } from '../people/passwords.ts';
import { smtpMailer } from '../people/invitation-mail.ts';
import { createPerson } from '../people/people-store.ts';
import { backends, createTestDatabase, insertOrganization, type TestDatabase } from '../test/harness.ts';

const org = 'orgpeopleaaaaaaaaaaa';
const merchant = 'mpeopleaaaaaaaaaaaa1';
const merchant2 = 'mpeopleaaaaaaaaaaaa2';
const merchant3 = 'mpeopleaaaaaaaaaaaa3';
const adminEmail = 'root@people.example';
const password = 'people admin passphrase';
const origin = 'http://localhost:80';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startSmtp(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The text of a quoted-printable body, as a mail reader shows it. */
const unquote = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const tokenOf = (link: string) => /#token=([\w-]+)/.exec(link)?.[1] ?? '';

describe.each(backends)('people, invitations and API tokens on $kind', ({ kind, available }) => {
  describe.skipIf(!available)(kind, () => {
    let t: TestDatabase;
    let app: ApiInstance;
    let mailed: ApiInstance;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let admin = '';
    const logs: string[] = [];
    beforeAll(async () => {
      t = await createTestDatabase(kind);
      await insertOrganization(t.database, org, [merchant, merchant2, merchant3]);
      await createPerson(t.database.db, { organizationId: org, email: adminEmail, name: 'Root', role: 'admin', status: 'active', mode: 'test', passwordHash: await hashPassword(password) });
      const stream = new Writable({ write: (chunk: Buffer, _enc, next) => (logs.push(chunk.toString()), next()) });
      app = await buildApp({ database: t.database, webRoot: null, tokenCacheSeconds: 0, logger: { level: 'trace', stream } });
      smtp = await startSmtp();
      mailed = await buildApp({ database: t.database, webRoot: null, mailer: smtpMailer(`smtp://127.0.0.1:${smtp.port}`, 'Console <console@people.example>'), dashboardUrl: 'https://console.people.example/' });
      admin = await signIn(app, adminEmail, password);
    });
    afterAll(async () => {
      await app?.close();
      await mailed?.close();
      await smtp?.close();
      await t?.dispose();
    });

    const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'acq_session')?.value ?? '';
    async function signIn(on: ApiInstance, email: string, secret: string): Promise<string> {
      const res = await on.inject({ method: 'POST', url: apiPath('signIn'), payload: { email, password: secret }, headers: { origin } });
      return res.statusCode === 200 ? cookieOf(res) : '';
    }
    const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object, on = app) =>
      on.inject({ method, url, headers: { origin, ...(cookie ? { cookie: `acq_session=${cookie}` } : {}) }, ...(payload ? { payload } : {}) });
    const audit = async (action: string) => (await send('GET', `${apiPath('listAuditEntries')}?action=${action}`, admin)).json<AuditEntry[]>();

    it('invites without SMTP: the link once in the answer; accepting it makes the person, signs them in, and works once', async () => {
      const res = await send('POST', apiPath('invitePerson'), admin, { email: 'Bea@People.example', role: 'support' });
      expect(res.statusCode, res.body).toBe(201);
      const invitation = res.json<Invitation>();
      expect(invitation).toMatchObject({ delivery: 'link', person: { email: 'bea@people.example', role: 'support', status: 'invited', name: 'bea' } });
      const hours = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(71.9);
      expect(hours).toBeLessThanOrEqual(72);
      const token = tokenOf(invitation.link ?? '');
      expect(invitation.link).toBe(`http://localhost:80/invitation#token=${token}`);
      // only the token's hash is stored
      const stored = await t.database.db.select().from(invitations);
      expect(JSON.stringify(stored)).not.toContain(token);
      // an invited person cannot sign in yet
      expect(await signIn(app, 'bea@people.example', 'bea chooses a long passphrase')).toBe('');

      const weak = await send('POST', apiPath('acceptInvitation'), '', { token, password: 'passwordpassword' });
      expect(weak.statusCode).toBe(400);
      const accepted = await send('POST', apiPath('acceptInvitation'), '', { token, name: 'Beatriz Lima', password: 'bea chooses a long passphrase' });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const session = cookieOf(accepted);
      const account = await send('GET', apiPath('getAccount'), session);
      expect(account.json()).toMatchObject({ person: { name: 'Beatriz Lima', role: 'support', status: 'active' } });
      expect((await send('POST', apiPath('acceptInvitation'), '', { token, password: 'another long passphrase' })).statusCode).toBe(409);
      expect(await signIn(app, 'bea@people.example', 'bea chooses a long passphrase')).not.toBe('');

      const [entry] = await audit('person.invite');
      expect(entry).toMatchObject({ outcome: 'success', target: { type: 'person', id: invitation.person.id } });
      const [accept] = await audit('person.invitation_accept');
      expect(accept).toMatchObject({ outcome: 'success', actor: { kind: 'person', id: invitation.person.id } });
      // the token reaches neither the audit trail nor the request log
      expect(JSON.stringify(await audit('person.'))).not.toContain(token);
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.join('\n')).not.toContain(token);
    });

    it('an expired invitation is 410, an unknown one 404; inviting again replaces the link; an email with an account is 409', async () => {
      const first = (await send('POST', apiPath('invitePerson'), admin, { email: 'cai@people.example', role: 'read_only' })).json<Invitation>();
      const again = (await send('POST', apiPath('invitePerson'), admin, { email: 'cai@people.example', role: 'onboarding', name: 'Cai' })).json<Invitation>();
      expect(again.person).toMatchObject({ id: first.person.id, role: 'onboarding', name: 'Cai' });
      expect((await send('POST', apiPath('acceptInvitation'), '', { token: tokenOf(first.link ?? ''), password: 'cai long enough passphrase' })).statusCode).toBe(404);
      // 72 hours later: the stored expiry moved to the past, relative to now
      await t.database.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invitations.personId, again.person.id));
      const expired = await send('POST', apiPath('acceptInvitation'), '', { token: tokenOf(again.link ?? ''), password: 'cai long enough passphrase' });
      expect(expired.statusCode).toBe(410);
      expect(expired.json<{ detail: string }>().detail).toContain('expired');
      expect((await send('POST', apiPath('invitePerson'), admin, { email: adminEmail, role: 'support' })).statusCode).toBe(409);
      // a merchant operator's set: one or more merchants of the organization; the other roles none (422 each)
      const refusals: [object, RegExp, string][] = [
        [{ email: 'op@people.example', role: 'merchant_operator' }, /one or more merchants/, '/merchantIds'],
        [{ email: 'op@people.example', role: 'merchant_operator', merchantIds: [] }, /one or more merchants/, '/merchantIds'],
        [{ email: 'op@people.example', role: 'support', merchantIds: [merchant] }, /acts for every merchant/, '/merchantIds'],
        [{ email: 'op@people.example', role: 'merchant_operator', merchantIds: [merchant, 'mnotherexxxxxxxxxxxx'] }, /No merchant mnotherexxxxxxxxxxxx/, '/merchantIds/1'],
      ];
      for (const [body, detail, pointer] of refusals) {
        const refused = await send('POST', apiPath('invitePerson'), admin, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(422);
        const problem = refused.json<{ detail: string; errors: { pointer: string }[] }>();
        expect(problem.detail).toMatch(detail);
        expect(problem.errors[0]?.pointer).toBe(pointer);
      }
      expect((await send('GET', `${apiPath('listPeople')}?limit=100`, admin)).json<Person[]>().map((p) => p.email)).not.toContain('op@people.example');
    });

    it('mails the link through SMTP_URL (a real SMTP server) and answers no link', async () => {
      const res = await send('POST', apiPath('invitePerson'), await signIn(mailed, adminEmail, password), { email: 'dan@people.example', role: 'merchant_operator', merchantIds: [merchant2, merchant], name: 'Dan' }, mailed);
      expect(res.statusCode, res.body).toBe(201);
      const invitation = res.json<Invitation>();
      expect(invitation.delivery).toBe('email');
      expect(invitation.link).toBeUndefined();
      expect(invitation.person.merchantIds.sort()).toEqual([merchant, merchant2]);
      expect(smtp.messages).toHaveLength(1);
      const message = unquote(smtp.messages[0] ?? '');
      expect(message).toMatch(/^To: dan@people\.example/m);
      expect(message).toMatch(/^From: Console <console@people\.example>/m);
      const link = /https:\/\/console\.people\.example\/invitation#token=[\w-]+/.exec(message)?.[0] ?? '';
      expect(link).not.toBe('');
      const accepted = await send('POST', apiPath('acceptInvitation'), '', { token: tokenOf(link), password: 'dan long enough passphrase' }, mailed);
      expect(accepted.statusCode, accepted.body).toBe(200);
      const me = await send('GET', apiPath('getAccount'), cookieOf(accepted), undefined, mailed);
      expect(me.json()).toMatchObject({ person: { role: 'merchant_operator', merchantIds: [merchant, merchant2] }, scopes: ['transactions:read', 'views:write'] });
      // the session is scoped to both merchants, not a third
      const session = await send('GET', apiPath('getMe'), cookieOf(accepted), undefined, mailed);
      expect(session.json()).toMatchObject({ merchantId: null, merchantIds: [merchant, merchant2] });
      const merchantsSeen = (await send('GET', apiPath('listMerchants'), cookieOf(accepted), undefined, mailed)).json<{ id: string }[]>();
      expect(merchantsSeen.map((m) => m.id).sort()).toEqual([merchant, merchant2]);
      const [entry] = await audit('person.invite');
      expect(entry?.details).toMatchObject({ email: 'dan@people.example', merchantIds: [merchant, merchant2] });
      // a change of the set is recorded from and to, and ends the person's sessions
      const dan = (await send('GET', `${apiPath('listPeople')}?limit=100`, admin)).json<Person[]>().find((p) => p.email === 'dan@people.example');
      const changed = await send('PATCH', apiPath('updatePerson', { id: dan?.id ?? '' }), admin, { merchantIds: [merchant3] });
      expect(changed.json<Person>().merchants.map((m) => m.id)).toEqual([merchant3]);
      expect((await send('GET', apiPath('getMe'), cookieOf(accepted), undefined, mailed)).statusCode).toBe(401);
      const [update] = await audit('person.update');
      expect(update?.details).toMatchObject({ from: { merchantIds: [merchant, merchant2] }, to: { merchantIds: [merchant3] } });
      expect((await send('PATCH', apiPath('updatePerson', { id: dan?.id ?? '' }), admin, { merchantIds: [] })).statusCode).toBe(422);
    });

    it('a role change or disabling ends the person’s sessions; the last admin stays; a second factor can be reset', async () => {
      const people = (await send('GET', `${apiPath('listPeople')}?limit=100`, admin)).json<Person[]>();
      expect(people.map((p) => p.email)).toEqual([...people.map((p) => p.email)].sort());
      const bea = people.find((p) => p.email === 'bea@people.example');
      const root = people.find((p) => p.email === adminEmail);
      if (!bea || !root) throw new Error('people missing');
      expect(root).toMatchObject({ role: 'admin', status: 'active', secondFactor: false });
      expect(root.lastSignInAt).not.toBeNull();

      const beaSession = await signIn(app, bea.email, 'bea chooses a long passphrase');
      const promoted = await send('PATCH', apiPath('updatePerson', { id: bea.id }), admin, { role: 'admin' });
      expect(promoted.json<Person>().role).toBe('admin');
      expect((await send('GET', apiPath('getAccount'), beaSession)).statusCode).toBe(401);

      const beaAdmin = await signIn(app, bea.email, 'bea chooses a long passphrase');
      expect((await send('PATCH', apiPath('updatePerson', { id: root.id }), beaAdmin, { status: 'disabled' })).statusCode).toBe(200);
      expect((await send('GET', apiPath('getAccount'), admin)).statusCode).toBe(401);
      expect(await signIn(app, adminEmail, password)).toBe('');
      // Bea is now the only active admin: she can be neither demoted nor disabled
      for (const change of [{ role: 'support' }, { status: 'disabled' }]) {
        const refused = await send('PATCH', apiPath('updatePerson', { id: bea.id }), beaAdmin, change);
        expect(refused.statusCode).toBe(409);
        expect(refused.json<{ type: string }>().type).toMatch(/last-admin$/);
      }
      expect((await send('PATCH', apiPath('updatePerson', { id: root.id }), beaAdmin, { status: 'active' })).statusCode).toBe(200);
      admin = await signIn(app, adminEmail, password);

      // a second factor enrolled by Bea is removed by an admin: she signs in with the password alone
      const enrol = await send('POST', apiPath('startSecondFactor'), beaAdmin, {});
      expect(enrol.statusCode).toBe(200);
      const { TOTP, Secret } = await import('otpauth');
      const secret = new URL(enrol.json<{ uri: string }>().uri).searchParams.get('secret') ?? '';
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      expect((await send('POST', apiPath('confirmSecondFactor'), beaAdmin, { code })).statusCode).toBe(200);
      expect((await send('DELETE', apiPath('resetPersonSecondFactor', { id: bea.id }), admin)).statusCode).toBe(204);
      expect((await send('GET', apiPath('getAccount'), beaAdmin)).statusCode).toBe(401);
      const after = (await send('GET', `${apiPath('listPeople')}?limit=100`, admin)).json<Person[]>().find((p) => p.id === bea.id);
      expect(after?.secondFactor).toBe(false);
      expect(await signIn(app, bea.email, 'bea chooses a long passphrase')).not.toBe('');
      const actions = (await audit('person.')).map((e) => e.action);
      expect(actions).toEqual(expect.arrayContaining(['person.update', 'person.second_factor_reset']));
    });

    it('API tokens: created with the secret once, owned by their maker, last use recorded, scopes capped by the maker’s, revoked', async () => {
      const created = await send('POST', apiPath('createApiToken'), admin, { name: 'ERP export', scopes: ['transactions:read'], mode: 'test', merchantId: merchant });
      expect(created.statusCode, created.body).toBe(201);
      const { token, secret } = created.json<CreatedApiToken>();
      expect(secret).toMatch(/^acq_test_/);
      expect(token).toMatchObject({ name: 'ERP export', scopes: ['transactions:read'], merchantId: merchant, createdBy: { email: adminEmail }, lastUsedAt: null, revokedAt: null });
      const used = await app.inject({ method: 'GET', url: apiPath('getMe'), headers: { authorization: `Bearer ${secret}` } });
      expect(used.statusCode).toBe(200);
      let listed: ApiToken | undefined;
      for (let i = 0; i < 50 && !listed?.lastUsedAt; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        listed = (await send('GET', apiPath('listApiTokens'), admin)).json<ApiToken[]>().find((x) => x.id === token.id);
      }
      expect(listed?.lastUsedAt).not.toBeNull();
      expect(JSON.stringify(await send('GET', apiPath('listApiTokens'), admin).then((r) => r.json<unknown>()))).not.toContain(secret);

      // a support person (tokens:write lacking) is refused; a token cannot get scopes its maker lacks
      const support = await signIn(app, 'dan@people.example', 'dan long enough passphrase');
      expect((await send('POST', apiPath('createApiToken'), support, { name: 'x', scopes: ['transactions:read'], mode: 'test' })).statusCode).toBe(403);
      const limited = await send('POST', apiPath('createApiToken'), admin, { name: 'y', scopes: ['transactions:read'], mode: 'test', merchantId: 'mnotherexxxxxxxxxxxx' });
      expect(limited.statusCode).toBe(400);

      const revoked = await send('DELETE', apiPath('revokeApiToken', { id: token.id }), admin);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<ApiToken>().revokedAt).not.toBeNull();
      expect((await app.inject({ method: 'GET', url: apiPath('getMe'), headers: { authorization: `Bearer ${secret}` } })).statusCode).toBe(401);
      expect((await send('DELETE', apiPath('revokeApiToken', { id: token.id }), admin)).statusCode).toBe(404);
      const entries = (await audit('token.')).map((e) => [e.action, e.target.id]);
      expect(entries).toEqual(expect.arrayContaining([['token.create', token.id], ['token.revoke', token.id]]));
    });
  });
});
