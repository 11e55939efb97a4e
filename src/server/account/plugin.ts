import type { FastifyRequest } from 'fastify';
import { and, asc, eq, sql } from 'drizzle-orm';
import { callerOf } from '../auth/authenticate.ts';
import { clearSessionCookie, readSessionCookie, type SessionSettings } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/token-store.ts';
import { dashboardSessions, organizations, people, recoveryCodes } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../people/passwords.ts';
import { endSessions, personTokenId, personView } from '../people/people-store.ts';
import { merchantsOfPeople } from '../people/person-merchants.ts';
import { accountPerson } from './account-person.ts';
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpEnrolment } from '../people/second-factor.ts';

/** "My account" (extension): the signed-in person's password, second factor and sessions. */
export function accountPlugin(app: ApiInstance, options: { sessions: SessionSettings }, done: () => void): void {
  const db = app.database.db;
  const me = (request: FastifyRequest) => accountPerson(db, request);
  const currentHash = (request: FastifyRequest) => {
    const id = readSessionCookie(request, options.sessions);
    return id === null ? null : hashToken(id);
  };
  const newCodes = async (personId: string) => {
    const codes = newRecoveryCodes();
    await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
    await db.insert(recoveryCodes).values(codes.map((code) => ({ personId, codeHash: recoveryCodeHash(personId, code) })));
    return { codes };
  };
  const doc = (summary: string) => ({ summary: `${summary} (extension)`, tags: ['account'] });

  app.route({
    ...endpoint('getAccount', doc('The signed-in person, their organization and scopes')),
    config: { auth: 'any' },
    handler: async (request) => {
    const person = await me(request);
    const caller = callerOf(request);
    const [org] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, person.organizationId));
    const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryCodes).where(eq(recoveryCodes.personId, person.id));
    const merchantsOf = await merchantsOfPeople(db, [person.id]);
    return { person: personView(person, merchantsOf.get(person.id)), organization: org ?? { id: person.organizationId, name: '' }, scopes: caller.scopes, recoveryCodesLeft: left?.n ?? 0 };
  },
  });

  app.route({
    ...endpoint('changePassword', doc('Change the password; every other session of the person ends')),
    config: { auth: 'any', audit: { action: 'person.password_change', target: 'person' } },
    handler: async (request, reply) => {
      const person = await me(request);
      if (!(await verifyPassword(person.passwordHash, request.body.currentPassword))) {
        throw badRequest('The current password is not right.', [{ pointer: '#/currentPassword', detail: 'is not right' }]);
      }
      const problem = passwordProblem(request.body.newPassword, person);
      if (problem) throw badRequest(`The new password ${problem}.`, [{ pointer: '#/newPassword', detail: problem }]);
      await db.update(people).set({ passwordHash: await hashPassword(request.body.newPassword), passwordChangedAt: new Date() }).where(eq(people.id, person.id));
      const ended = await endSessions(db, person.id, currentHash(request));
      request.auditNote = { details: { otherSessionsEnded: ended } };
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint('startSecondFactor', doc('Start enrolling an authenticator app: a new secret and its QR code')),
    config: { auth: 'any', audit: { action: 'person.second_factor_start', target: 'person' } },
    handler: async (request) => {
      const person = await me(request);
      const secret = newTotpSecret();
      await db.update(people).set({ totpPendingSecret: secret }).where(eq(people.id, person.id));
      return totpEnrolment(secret, person.email);
    },
  });

  app.route({
    ...endpoint('confirmSecondFactor', doc("Finish enrolling with the app's first code: answers ten recovery codes, shown once")),
    config: { auth: 'any', audit: { action: 'person.second_factor_enrol', target: 'person' } },
    handler: async (request) => {
      const person = await me(request);
      const step = person.totpPendingSecret === null ? null : acceptTotp(person.totpPendingSecret, request.body.code, null);
      if (step === null || person.totpPendingSecret === null) throw badRequest('The code is not right: check the app and the clock of the phone.', [{ pointer: '#/code', detail: 'is not right' }]);
      await db.update(people).set({ totpSecret: person.totpPendingSecret, totpPendingSecret: null, totpLastStep: step }).where(eq(people.id, person.id));
      return newCodes(person.id);
    },
  });

  app.route({
    ...endpoint('renewRecoveryCodes', doc('Ten new recovery codes (the old ones stop working), shown once')),
    config: { auth: 'any', audit: { action: 'person.recovery_codes_renew', target: 'person' } },
    handler: async (request) => {
      const person = await me(request);
      if (person.totpSecret === null) throw new ApiProblem({ status: 409, detail: 'Enrol an authenticator app first.' });
      return newCodes(person.id);
    },
  });

  app.route({
    ...endpoint('listAccountSessions', doc("The person's dashboard sessions, this one marked current")),
    config: { auth: 'any' },
    handler: async (request) => {
      const person = await me(request);
      const tokenId = await personTokenId(db, person.id);
      const current = currentHash(request);
      const rows = await db.select().from(dashboardSessions).where(eq(dashboardSessions.tokenId, tokenId)).orderBy(asc(dashboardSessions.createdAt));
      return rows.map((r) => ({
        id: r.idHash.slice(0, 32),
        createdAt: r.createdAt.toISOString(),
        lastSeenAt: r.lastSeenAt.toISOString(),
        address: r.address,
        userAgent: r.userAgent,
        current: r.idHash === current,
      }));
    },
  });

  app.route({
    ...endpoint('endAccountSessions', doc("Sign out everywhere: every session of the person ends, this one too")),
    config: { auth: 'any', audit: { action: 'person.sign_out_everywhere', target: 'person' } },
    handler: async (request, reply) => {
      const person = await me(request);
      request.auditNote = { details: { sessionsEnded: await endSessions(db, person.id) } };
      clearSessionCookie(reply, options.sessions);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpoint('endAccountSession', doc('End one session of the person')),
    config: { auth: 'any', audit: { action: 'person.session_end', target: 'session' } },
    handler: async (request, reply) => {
      const person = await me(request);
      const tokenId = await personTokenId(db, person.id);
      const ended = await db
        .delete(dashboardSessions)
        .where(and(eq(dashboardSessions.tokenId, tokenId), sql`left(${dashboardSessions.idHash}, 32) = ${request.params.id}`))
        .returning({ id: dashboardSessions.idHash });
      if (ended.length === 0) throw new ApiProblem({ status: 404, detail: `No session ${request.params.id}.` });
      return reply.code(204).send(null);
    },
  });
  done();
}
