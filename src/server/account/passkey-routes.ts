import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { readSessionCookie, type SessionSettings } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/token-store.ts';
import { dashboardSessions, passkeys } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { addPasskey, listPasskeys, passkeyView, registrationOptions, relyingParty } from '../people/passkeys.ts';
import { verifyPassword } from '../people/passwords.ts';
import type { PersonRow } from '../people/people-store.ts';
import { accountPerson } from './account-person.ts';

/** A session younger than this may remove a passkey without the password (a recent sign-in). */
export const recentSignInMs = 10 * 60_000;

/** "My account" passkeys (extension): register one (after the authenticator app), list, rename, remove. */
export function passkeyRoutes(app: ApiInstance, options: { sessions: SessionSettings; publicUrl: string | undefined }, done: () => void): void {
  const db = app.database.db;
  const rp = (request: FastifyRequest) => relyingParty(request, options.publicUrl, options.sessions.secure);
  const doc = (summary: string, description?: string) => ({ summary: `${summary} (extension)`, tags: ['account'], ...(description ? { description } : {}) });
  const owned = async (person: PersonRow, id: string) => {
    const [row] = await db.select().from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.personId, person.id)));
    if (!row) throw new ApiProblem({ status: 404, detail: `No passkey ${id}.` });
    return row;
  };
  const withApp = (person: PersonRow) => {
    if (person.totpSecret === null) {
      throw new ApiProblem({ status: 409, type: 'authenticator-app-first', detail: 'Turn on the authenticator app first: its recovery codes are the way back if a passkey is lost.' });
    }
  };
  /** The password, or a session started within the last 10 minutes (a person of single sign-on has no password). */
  const recentlyProven = async (request: FastifyRequest, person: PersonRow, password: string | undefined) => {
    if (password !== undefined) return verifyPassword(person.passwordHash, password);
    const id = readSessionCookie(request, options.sessions);
    if (id === null) return false;
    const [session] = await db.select({ createdAt: dashboardSessions.createdAt }).from(dashboardSessions).where(eq(dashboardSessions.idHash, hashToken(id)));
    return session !== undefined && Date.now() - session.createdAt.getTime() < recentSignInMs;
  };

  app.route({
    ...endpoint('listPasskeys', doc("The person's passkeys, oldest first")),
    config: { auth: 'any' },
    handler: async (request) => (await listPasskeys(db, (await accountPerson(db, request)).id)).map(passkeyView),
  });

  app.route({
    ...endpoint('startPasskeyRegistration', doc('Start registering a passkey: the options for navigator.credentials.create', '409 until an authenticator app is on. The challenge is kept on the server, valid 5 minutes and once.')),
    config: { auth: 'any' },
    handler: async (request) => {
      const person = await accountPerson(db, request);
      withApp(person);
      return registrationOptions(db, rp(request), person);
    },
  });

  app.route({
    ...endpoint('addPasskey', doc("Finish registering a passkey: the authenticator's answer and a name")),
    config: { auth: 'any', audit: { action: 'person.passkey_add', target: 'person' } },
    handler: async (request, reply) => {
      const person = await accountPerson(db, request);
      withApp(person);
      const row = await addPasskey(db, rp(request), person, request.body.name, request.body.response as unknown as RegistrationResponseJSON);
      request.auditNote = { targetId: person.id, details: { passkey: row.id, name: row.name, backedUp: row.backedUp } };
      return reply.code(201).send(passkeyView(row));
    },
  });

  app.route({
    ...endpoint('renamePasskey', doc('Rename a passkey')),
    config: { auth: 'any', audit: { action: 'person.passkey_rename', target: 'person' } },
    handler: async (request) => {
      const person = await accountPerson(db, request);
      const row = await owned(person, request.params.id);
      const [renamed] = await db.update(passkeys).set({ name: request.body.name }).where(eq(passkeys.id, row.id)).returning();
      request.auditNote = { targetId: person.id, details: { passkey: row.id, from: row.name, to: request.body.name } };
      return passkeyView(renamed ?? row);
    },
  });

  app.route({
    ...endpoint('removePasskey', doc('Remove a passkey', 'Needs the current password, or a sign-in within the last 10 minutes (400 otherwise).')),
    config: { auth: 'any', audit: { action: 'person.passkey_remove', target: 'person' } },
    handler: async (request, reply) => {
      const person = await accountPerson(db, request);
      const row = await owned(person, request.params.id);
      request.auditNote = { targetId: person.id, details: { passkey: row.id, name: row.name } };
      if (!(await recentlyProven(request, person, request.body.password))) {
        throw badRequest('Type your current password to remove a passkey (or sign in again).', [{ pointer: '#/password', detail: 'is not right' }]);
      }
      await db.delete(passkeys).where(eq(passkeys.id, row.id));
      return reply.code(204).send(null);
    },
  });
  done();
}
