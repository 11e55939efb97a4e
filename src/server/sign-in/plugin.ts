import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { checkSessionOrigin, type SessionSettings } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/token-store.ts';
import { passkeys, people, recoveryCodes, signInChallenges } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { authenticationOptions, relyingParty } from '../people/passkeys.ts';
import { verifyPassword } from '../people/passwords.ts';
import { findPerson, findPersonByEmail, type PersonRow } from '../people/people-store.ts';
import { acceptTotp, recoveryCodeHash } from '../people/second-factor.ts';
import { passkeySignInRoutes } from './passkey-sign-in.ts';
import { startPersonSession } from './session-start.ts';
import { auditSignIn, refuseWhenLimited, type SignInMethod } from './sign-in-audit.ts';
import { accountKey, addressKey, clearSignInFailures, recordSignInFailure, type SignInLimits } from './sign-in-limit.ts';

export interface SignInOptions {
  sessions: SessionSettings;
  limits: SignInLimits;
  /** PUBLIC_URL: the passkeys' relying party (else the origin the request came to) */
  publicUrl: string | undefined;
}

const challengeMs = 5 * 60_000;
const notRecognised = 'The email or password is not right.';

/** POST /v1/sign-in (email and password), /v1/sign-in/second-factor (a TOTP or recovery code) and the passkey steps (passkey-sign-in.ts). */
export function signInPlugin(app: ApiInstance, options: SignInOptions, done: () => void): void {
  const db = app.database.db;
  const { sessions, limits } = options;

  // a page of another origin may not sign this browser in (login CSRF); API clients send no Origin
  app.addHook('preHandler', (request, _reply, next) => {
    try {
      if (request.headers.origin !== undefined) checkSessionOrigin(request);
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  const limited = (request: FastifyRequest, account: string, person: PersonRow | null) => refuseWhenLimited(db, limits, request, account, person);
  const audit = auditSignIn;
  const rp = (request: FastifyRequest) => relyingParty(request, options.publicUrl, sessions.secure);

  app.route({
    ...endpoint('signIn', {
      summary: 'Sign a person in with email and password (extension)',
      description:
        'Answers `next: signed_in` with the session cookie (as POST /v1/session), or `next: second_factor` with a `challenge` to send with the code to ' +
        'POST /v1/sign-in/second-factor. A wrong email and a wrong password get the same 401. Failed attempts are limited per account and per address ' +
        '(429 with Retry-After); once the window has passed the right password works again.',
      tags: ['access'],
      security: [],
    }),
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const person = await findPersonByEmail(db, email);
      await limited(request, accountKey(email), person);
      const matches = await verifyPassword(person?.passwordHash ?? null, password);
      if (!person || !matches || person.status !== 'active') {
        await recordSignInFailure(db, limits, [accountKey(email), addressKey(request.ip)]);
        await audit(db, request, person, 'failure', { reason: !person ? 'unknown_email' : !matches ? 'wrong_password' : `person_${person.status}` });
        throw new ApiProblem({ status: 401, type: 'sign-in-failed', detail: notRecognised });
      }
      if (person.totpSecret !== null) {
        const challenge = randomBytes(32).toString('base64url');
        await db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
        await db.insert(signInChallenges).values({ idHash: hashToken(challenge), personId: person.id, expiresAt: new Date(Date.now() + challengeMs) });
        // a person with passkeys is offered them first (the app's code and the recovery codes still work)
        const [keys] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.personId, person.id));
        const passkey = keys && keys.n > 0 ? await authenticationOptions(db, rp(request), person) : undefined;
        return { next: 'second_factor' as const, challenge, secondFactorEnrolled: true, ...(passkey ? { passkey } : {}) };
      }
      await clearSignInFailures(db, accountKey(email));
      await startPersonSession(db, request, reply, sessions, person);
      await audit(db, request, person, 'success', { method: 'password' satisfies SignInMethod, secondFactor: false });
      return { next: 'signed_in' as const, secondFactorEnrolled: false };
    },
  });

  app.route({
    ...endpoint('signInSecondFactor', {
      summary: "Finish a sign-in with the authenticator app's code or a recovery code (extension)",
      description: 'A code is accepted once (a replayed TOTP code and a used recovery code are refused). Limited like the password step.',
      tags: ['access'],
      security: [],
    }),
    handler: async (request, reply) => {
      const [challenge] = await db
        .select()
        .from(signInChallenges)
        .where(and(eq(signInChallenges.idHash, hashToken(request.body.challenge)), gt(signInChallenges.expiresAt, new Date())));
      const person = challenge ? await findPerson(db, null, challenge.personId) : null;
      if (!person || person.totpSecret === null || person.status !== 'active') {
        throw new ApiProblem({ status: 401, type: 'sign-in-expired', detail: 'The sign-in took too long or was already used: enter your email and password again.' });
      }
      await limited(request, accountKey(person.email), person);
      const code = request.body.code;
      let accepted = false;
      let method = 'totp';
      if (/^\d{6}$/.test(code)) {
        const step = acceptTotp(person.totpSecret, code, person.totpLastStep);
        if (step !== null) {
          // conditional: of two requests with the same code, one wins
          const won = await db
            .update(people)
            .set({ totpLastStep: step })
            .where(and(eq(people.id, person.id), or(isNull(people.totpLastStep), lt(people.totpLastStep, step))))
            .returning({ id: people.id });
          accepted = won.length > 0;
        }
      } else {
        method = 'recovery_code';
        const used = await db
          .delete(recoveryCodes)
          .where(and(eq(recoveryCodes.personId, person.id), eq(recoveryCodes.codeHash, recoveryCodeHash(person.id, code))))
          .returning({ hash: recoveryCodes.codeHash });
        accepted = used.length > 0;
      }
      if (!accepted) {
        await recordSignInFailure(db, limits, [accountKey(person.email), addressKey(request.ip)]);
        await audit(db, request, person, 'failure', { reason: 'wrong_code', method });
        throw new ApiProblem({ status: 401, type: 'sign-in-failed', detail: 'The code is not right (each code works once).' });
      }
      await db.delete(signInChallenges).where(eq(signInChallenges.idHash, hashToken(request.body.challenge)));
      await clearSignInFailures(db, accountKey(person.email));
      await startPersonSession(db, request, reply, sessions, person);
      const [left] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryCodes).where(eq(recoveryCodes.personId, person.id));
      await audit(db, request, person, 'success', { method: `password+${method}` as SignInMethod, secondFactor: method, recoveryCodesLeft: left?.n ?? 0 });
      return { next: 'signed_in' as const, secondFactorEnrolled: true };
    },
  });
  passkeySignInRoutes(app, { sessions, limits, rp, limited });
  done();
}

