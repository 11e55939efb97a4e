import type { FastifyRequest } from 'fastify';
import { retryAfterHeader } from '../../contract/headers.ts';
import { recordAudit, requestOrigin } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { ApiProblem } from '../errors.ts';
import type { PersonRow } from '../people/people-store.ts';
import { addressKey, signInRetryAfter, type SignInLimits } from './sign-in-limit.ts';

/** How a sign-in was made, in its audit entry: the password and what came after it, or a passkey alone. */
export type SignInMethod = 'password' | 'password+totp' | 'password+recovery_code' | 'password+passkey' | 'passkey';

export function tooMany(seconds: number): ApiProblem {
  const minutes = Math.ceil(seconds / 60);
  return new ApiProblem({
    status: 429,
    type: 'too-many-sign-in-attempts',
    detail: `Too many sign-in attempts: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    headers: { [retryAfterHeader]: String(seconds) },
  });
}

/** A person.sign_in entry: who (or anonymous), the outcome and its details (the method, a reason). */
export function auditSignIn(db: Db, request: FastifyRequest, person: PersonRow | null, outcome: 'success' | 'denied' | 'failure', details: Record<string, unknown>) {
  return recordAudit(db, {
    organizationId: person?.organizationId ?? null,
    actor: person ? { kind: 'person', id: person.id } : { kind: 'anonymous', id: null },
    ...requestOrigin(request),
    action: 'person.sign_in',
    target: { type: 'person', id: person?.id ?? null },
    outcome,
    details,
  });
}

/** 429 (and a denied entry) while the account or the address is over its limit of failed sign-ins. */
export async function refuseWhenLimited(db: Db, limits: SignInLimits, request: FastifyRequest, account: string, person: PersonRow | null): Promise<void> {
  const wait = await signInRetryAfter(db, limits, account, addressKey(request.ip));
  if (wait === null) return;
  await auditSignIn(db, request, person, 'denied', { reason: 'rate_limited' });
  throw tooMany(wait);
}
