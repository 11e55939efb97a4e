import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { TokenMode } from '../../contract/enums.ts';
import { invitationHours, type InvitationRequest } from '../../contract/people.ts';
import { roleScopes, type Role } from '../../contract/roles.ts';
import { hashToken } from '../auth/token-store.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, invitations, people } from '../db/schema.ts';
import { ApiProblem, badRequest } from '../errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { checkRoleLimit, setPersonMerchants } from './person-merchants.ts';
import { createPerson, findPersonByEmail, type PersonRow } from './people-store.ts';

export interface IssuedInvitation {
  person: PersonRow;
  /** the link's secret: only its hash is stored */
  token: string;
  expiresAt: Date;
}

const invitationMs = invitationHours * 3_600_000;

/**
 * Invites an email with a role: the person exists as 'invited' (their access token revoked) until they accept. An
 * email invited before and not yet accepted gets a new link with the new role and merchants (the older links stop working); an
 * email with an account is 409.
 */
export async function inviteEmail(db: Db, input: InvitationRequest & { organizationId: string; invitedBy: string | null; mode: TokenMode }): Promise<IssuedInvitation> {
  const name = input.name ?? input.email.split('@')[0] ?? input.email;
  const existing = await findPersonByEmail(db, input.email);
  let person: PersonRow;
  if (existing && (existing.status !== 'invited' || existing.organizationId !== input.organizationId)) {
    throw new ApiProblem({ status: 409, type: 'email-taken', detail: `${input.email} already has an account.` });
  }
  if (existing) {
    person = await db.transaction(async (tx) => {
      const merchantIds = await checkRoleLimit(tx, input.organizationId, input.role, input.merchantIds);
      const [row] = await tx.update(people).set({ name, role: input.role }).where(eq(people.id, existing.id)).returning();
      await setPersonMerchants(tx, existing.id, merchantIds);
      await tx.update(accessTokens).set({ scopes: roleScopes(input.role) }).where(and(eq(accessTokens.personId, existing.id), eq(accessTokens.kind, 'person')));
      return row ?? existing;
    });
  } else {
    person = await createPerson(db, { organizationId: input.organizationId, email: input.email, name, role: input.role, merchantIds: input.merchantIds ?? null, status: 'invited', mode: input.mode });
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + invitationMs);
  await db.transaction(async (tx) => {
    await tx.delete(invitations).where(eq(invitations.personId, person.id));
    await tx.insert(invitations).values({ tokenHash: hashToken(token), personId: person.id, invitedBy: input.invitedBy, expiresAt });
  });
  return { person, token, expiresAt };
}

/**
 * Accepts an invitation: the password (the same rules as everywhere) and, when given, the name; the person becomes
 * active with their role's scopes. The link works once: of two requests with it, one wins.
 */
export async function acceptInvitation(db: Db, input: { token: string; name?: string | undefined; password: string }): Promise<PersonRow> {
  const tokenHash = hashToken(input.token);
  const [found] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  if (!found) throw new ApiProblem({ status: 404, type: 'invitation-not-found', detail: 'This invitation link is not known (a newer invitation replaces an older one): ask for a new invitation.' });
  if (found.acceptedAt !== null) throw new ApiProblem({ status: 409, type: 'invitation-used', detail: 'This invitation link was already used: sign in with your email and password.' });
  if (found.expiresAt.getTime() <= Date.now()) {
    throw new ApiProblem({ status: 410, type: 'invitation-expired', detail: `This invitation link expired (links work for ${invitationHours} hours): ask for a new invitation.` });
  }
  const [invited] = await db.select().from(people).where(eq(people.id, found.personId));
  if (!invited || invited.status !== 'invited') throw new ApiProblem({ status: 409, type: 'invitation-used', detail: 'This invitation is no longer open: ask the admin who invited you.' });
  const problem = passwordProblem(input.password, invited);
  if (problem) throw badRequest(`The password ${problem}.`, [{ pointer: '#/password', detail: problem }]);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const won = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, new Date())))
      .returning({ personId: invitations.personId });
    if (won.length === 0) throw new ApiProblem({ status: 409, type: 'invitation-used', detail: 'This invitation link was already used: sign in with your email and password.' });
    const [person] = await tx
      .update(people)
      .set({ passwordHash, name: input.name ?? invited.name, status: 'active', passwordChangedAt: new Date() })
      .where(and(eq(people.id, invited.id), eq(people.status, 'invited')))
      .returning();
    if (!person) throw new ApiProblem({ status: 409, type: 'invitation-used', detail: 'This invitation is no longer open: ask the admin who invited you.' });
    await tx
      .update(accessTokens)
      .set({ revokedAt: null, scopes: roleScopes(person.role as Role) })
      .where(and(eq(accessTokens.personId, person.id), eq(accessTokens.kind, 'person')));
    await tx.delete(invitations).where(and(eq(invitations.personId, person.id), ne(invitations.tokenHash, tokenHash)));
    return person;
  });
}
