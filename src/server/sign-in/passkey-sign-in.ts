import type { FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { SessionSettings } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/token-store.ts';
import { signInChallenges } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';
import { authenticationOptions, findPasskeyByCredential, verifyPasskeyUse, type RelyingParty } from '../people/passkeys.ts';
import { findPerson, type PersonRow } from '../people/people-store.ts';
import { startPersonSession } from './session-start.ts';
import { auditSignIn } from './sign-in-audit.ts';
import { accountKey, addressKey, clearSignInFailures, recordSignInFailure, type SignInLimits } from './sign-in-limit.ts';

interface PasskeySignInContext {
  sessions: SessionSettings;
  limits: SignInLimits;
  rp: (request: FastifyRequest) => RelyingParty;
  limited: (request: FastifyRequest, account: string, person: PersonRow | null) => Promise<void>;
}

const expired = () => new ApiProblem({ status: 401, type: 'sign-in-expired', detail: 'The sign-in took too long or was already used: enter your email and password again.' });

/**
 * A passkey after the password (with the password step's challenge), or alone: a discoverable credential whose
 * authenticator verified the person (PIN or biometrics), so it is two factors in one. Failures count against the same
 * limits as the other steps (the account once the passkey names one, and the address).
 */
export function passkeySignInRoutes(app: ApiInstance, context: PasskeySignInContext): void {
  const db = app.database.db;
  const { sessions, limits, rp, limited } = context;

  app.route({
    ...endpoint('startPasskeySignIn', {
      summary: 'Start a sign-in with a passkey alone: the options for navigator.credentials.get (extension)',
      description: 'User verification is required. The challenge is kept on the server, valid 5 minutes and once; send the answer to POST /v1/sign-in/passkey without a challenge.',
      tags: ['access'],
      security: [],
    }),
    handler: async (request) => authenticationOptions(db, rp(request), null),
  });

  app.route({
    ...endpoint('signInWithPasskey', {
      summary: "Finish a sign-in with a passkey: after the password (with its challenge) or alone (extension)",
      description:
        'Checks the signed assertion (origin, relying party, the challenge taken once, the signature, the counter against cloned authenticators). ' +
        'Answers `next: signed_in` with the session cookie. 401 when the passkey is not accepted; limited like the other steps (429).',
      tags: ['access'],
      security: [],
    }),
    handler: async (request, reply) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      const passkey = await findPasskeyByCredential(db, response.id);
      const secondFactor = request.body.challenge !== undefined;
      let person: PersonRow | null;
      if (request.body.challenge !== undefined) {
        const [started] = await db
          .select()
          .from(signInChallenges)
          .where(and(eq(signInChallenges.idHash, hashToken(request.body.challenge)), gt(signInChallenges.expiresAt, new Date())));
        person = started ? await findPerson(db, null, started.personId) : null;
        if (!person || person.totpSecret === null || person.status !== 'active') throw expired();
      } else {
        person = passkey ? await findPerson(db, null, passkey.personId) : null;
      }
      const account = person ? accountKey(person.email) : addressKey(request.ip);
      await limited(request, account, person);
      const accepted =
        passkey !== null && person !== null && person.status === 'active' && passkey.personId === person.id && (await verifyPasskeyUse(db, rp(request), passkey, secondFactor ? 'second_factor' : 'sign_in', response));
      if (!accepted || !person || !passkey) {
        await recordSignInFailure(db, limits, person ? [accountKey(person.email), addressKey(request.ip)] : [addressKey(request.ip)]);
        await auditSignIn(db, request, person, 'failure', { reason: passkey ? 'passkey_refused' : 'unknown_passkey', method: secondFactor ? 'password+passkey' : 'passkey' });
        throw new ApiProblem({
          status: 401,
          type: 'sign-in-failed',
          detail: secondFactor ? 'The passkey was not accepted: try again, or use a code.' : 'The passkey was not accepted: sign in with your email and password.',
        });
      }
      if (request.body.challenge !== undefined) await db.delete(signInChallenges).where(eq(signInChallenges.idHash, hashToken(request.body.challenge)));
      await clearSignInFailures(db, accountKey(person.email));
      await startPersonSession(db, request, reply, sessions, person);
      await auditSignIn(db, request, person, 'success', { method: secondFactor ? 'password+passkey' : 'passkey', passkey: passkey.id, secondFactor: secondFactor ? 'passkey' : false });
      return { next: 'signed_in' as const, secondFactorEnrolled: person.totpSecret !== null };
    },
  });
}
