import type { FastifyRequest } from 'fastify';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyCreationOptions, PasskeyRequestOptions } from '../../contract/passkeys.ts';
import type { Db } from '../db/client.ts';
import { passkeyChallenges, passkeys } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { xid } from '../lib/xid.ts';
import type { PersonRow } from './people-store.ts';

/**
 * Passkeys through @simplewebauthn/server: the options of each ceremony, and the checks of the authenticator's answer
 * (origin, relying party id, challenge, signature, user presence and verification, the signature counter). Each
 * challenge is kept here (passkey_challenges), taken once by the answer that carries it, and dies after 5 minutes.
 */
export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = (typeof passkeyChallenges.$inferInsert)['purpose'];

const challengeMs = 5 * 60_000;
const rpName = 'Acquirer Console';

/** Where the passkeys belong: PUBLIC_URL's origin and host name, else the origin the request came to. */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(request: FastifyRequest, publicUrl: string | undefined, behindTls: boolean): RelyingParty {
  if (publicUrl !== undefined) {
    const url = new URL(publicUrl);
    return { id: url.hostname, origin: url.origin };
  }
  const origin = new URL(`${behindTls ? 'https' : request.protocol}://${request.host}`);
  return { id: origin.hostname, origin: origin.origin };
}

async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, personId: string | null): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, new Date()));
  await db.insert(passkeyChallenges).values({ challenge, purpose, personId, expiresAt: new Date(Date.now() + challengeMs) });
}

/** The check the libraries call with the challenge of clientDataJSON: true once, for a live challenge of this purpose and person. */
const takeChallenge = (db: Db, purpose: ChallengePurpose, personId: string | null) => async (challenge: string) => {
  const taken = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.challenge, challenge), eq(passkeyChallenges.purpose, purpose), gt(passkeyChallenges.expiresAt, new Date())))
    .returning({ personId: passkeyChallenges.personId });
  return taken.length === 1 && taken[0]?.personId === personId;
};

export const listPasskeys = (db: Db, personId: string) => db.select().from(passkeys).where(eq(passkeys.personId, personId)).orderBy(asc(passkeys.createdAt));

export const passkeyView = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

const transportsOf = (row: PasskeyRow) => row.transports;

/** Options for navigator.credentials.create: a discoverable credential when the authenticator can, the person's own passkeys excluded. */
export async function registrationOptions(db: Db, rp: RelyingParty, person: PersonRow): Promise<PasskeyCreationOptions> {
  const existing = await listPasskeys(db, person.id);
  const options = await generateRegistrationOptions({
    rpName,
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(person.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await keepChallenge(db, options.challenge, 'register', person.id);
  // the library's JSON type is the contract's (which lets every other WebAuthn member through)
  return options as unknown as PasskeyCreationOptions;
}

const invalid = (detail: string) => new ApiProblem({ status: 400, type: 'passkey-invalid', detail });

/** Checks the authenticator's answer to the registration options and keeps the new passkey. */
export async function addPasskey(db: Db, rp: RelyingParty, person: PersonRow, name: string, response: RegistrationResponseJSON): Promise<PasskeyRow> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: takeChallenge(db, 'register', person.id),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw invalid(`The passkey was not accepted: ${error instanceof Error ? error.message : 'unreadable answer'} Start again.`);
  });
  if (!verification.verified) throw invalid('The passkey was not accepted. Start again.');
  const info = verification.registrationInfo;
  const [taken] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.credentialId, info.credential.id));
  if (taken) throw new ApiProblem({ status: 409, type: 'passkey-taken', detail: 'This passkey is already registered.' });
  const [row] = await db
    .insert(passkeys)
    .values({
      id: xid(),
      personId: person.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name,
    })
    .returning();
  if (!row) throw new Error('passkey not inserted');
  return row;
}

/** Options for navigator.credentials.get: the person's passkeys (second factor), or any discoverable one with user verification (sign-in). */
export async function authenticationOptions(db: Db, rp: RelyingParty, person: PersonRow | null): Promise<PasskeyRequestOptions> {
  const allowed = person ? await listPasskeys(db, person.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: person ? 'preferred' : 'required',
  });
  await keepChallenge(db, options.challenge, person ? 'second_factor' : 'sign_in', person?.id ?? null);
  return options as unknown as PasskeyRequestOptions;
}

export const findPasskeyByCredential = async (db: Db, credentialId: string): Promise<PasskeyRow | null> =>
  (await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)))[0] ?? null;

/**
 * Checks a signed assertion of `passkey` against a challenge of `purpose` (bound to the person for a second factor);
 * records the new counter and the time of use. A counter that did not grow (a cloned authenticator) is refused by the library.
 */
export async function verifyPasskeyUse(db: Db, rp: RelyingParty, passkey: PasskeyRow, purpose: 'second_factor' | 'sign_in', response: AuthenticationResponseJSON): Promise<boolean> {
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, purpose, purpose === 'second_factor' ? passkey.personId : null),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: transportsOf(passkey) },
      requireUserVerification: purpose === 'sign_in',
    });
    if (!verified) return false;
    await db.update(passkeys).set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date(), backedUp: authenticationInfo.credentialBackedUp }).where(eq(passkeys.id, passkey.id));
    return true;
  } catch {
    return false;
  }
}
