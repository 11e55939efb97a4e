import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { ApiProblem } from '../errors.ts';
import { findPerson, type PersonRow } from '../people/people-store.ts';

/** The person "My account" acts for: the signed-in person; an API token's caller gets 403 person-required. */
export async function accountPerson(db: Db, request: FastifyRequest): Promise<PersonRow> {
  const caller = callerOf(request);
  const person = caller.personId ? await findPerson(db, caller.organizationId, caller.personId) : null;
  if (!person) throw new ApiProblem({ status: 403, type: 'person-required', detail: 'My account is for a signed-in person, not an API token.' });
  return person;
}
