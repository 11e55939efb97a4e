import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { TokenMode } from '../../contract/enums.ts';
import type { Person, PersonMerchant } from '../../contract/people.ts';
import { roleScopes, type Role } from '../../contract/roles.ts';
import { hashToken } from '../auth/token-store.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, dashboardSessions, passkeyChallenges, passkeys, people, recoveryCodes } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { xid } from '../lib/xid.ts';
import { checkRoleLimit, merchantsOfPeople, setPersonMerchants } from './person-merchants.ts';

export type PersonRow = typeof people.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Handle = Db | Tx;

export interface NewPerson {
  organizationId: string;
  email: string;
  name: string;
  role: Role;
  /** a merchant operator's merchants (one or more); none for the other roles */
  merchantIds?: readonly string[] | null;
  passwordHash?: string | null;
  status: 'active' | 'invited';
  /** the mode of the person's access (test or live data); invitations inherit the inviter's */
  mode: TokenMode;
}

/** Inserts the person and the access token they act through (the role's scopes; no usable secret). */
export async function createPerson(db: Db, input: NewPerson): Promise<PersonRow> {
  return db.transaction(async (tx) => {
    const merchantIds = await checkRoleLimit(tx, input.organizationId, input.role, input.merchantIds);
    const [taken] = await tx.select({ id: people.id }).from(people).where(sql`lower(${people.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw new ApiProblem({ status: 409, type: 'email-taken', detail: `${input.email} already has an account.` });
    const id = xid();
    const [row] = await tx
      .insert(people)
      .values({ id, organizationId: input.organizationId, email: input.email.toLowerCase(), name: input.name, role: input.role, passwordHash: input.passwordHash ?? null, status: input.status, passwordChangedAt: input.passwordHash ? new Date() : null })
      .returning();
    await tx.insert(accessTokens).values({
      id: xid(),
      organizationId: input.organizationId,
      name: input.email.toLowerCase(),
      tokenHash: hashToken(randomBytes(32).toString('base64url')),
      scopes: roleScopes(input.role),
      mode: input.mode,
      kind: 'person',
      personId: id,
      revokedAt: input.status === 'active' ? null : new Date(),
    });
    await setPersonMerchants(tx, id, merchantIds);
    if (!row) throw new Error('person not inserted');
    return row;
  });
}

export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(sql`lower(${people.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function findPerson(db: Handle, organizationId: string | null, id: string): Promise<PersonRow | null> {
  const [row] = await db.select().from(people).where(and(eq(people.id, id), organizationId === null ? undefined : eq(people.organizationId, organizationId)));
  return row ?? null;
}

/** The access token a person acts through. */
export async function personTokenId(db: Handle, personId: string): Promise<string> {
  const [row] = await db.select({ id: accessTokens.id }).from(accessTokens).where(and(eq(accessTokens.personId, personId), eq(accessTokens.kind, 'person')));
  if (!row) throw new Error(`person ${personId} has no access token`);
  return row.id;
}

/** Ends the person's dashboard sessions, all of them or all but one (by its stored hash). */
export async function endSessions(db: Handle, personId: string, keepIdHash: string | null = null): Promise<number> {
  const tokenId = await personTokenId(db, personId);
  const rows = await db
    .delete(dashboardSessions)
    .where(and(eq(dashboardSessions.tokenId, tokenId), keepIdHash === null ? undefined : ne(dashboardSessions.idHash, keepIdHash)))
    .returning({ id: dashboardSessions.idHash });
  return rows.length;
}

/** The organization's active admins, however they sign in (a password, or only through single sign-on). */
export async function activeAdmins(db: Handle, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(people).where(and(eq(people.organizationId, organizationId), eq(people.role, 'admin'), eq(people.status, 'active')));
  return row?.n ?? 0;
}

/**
 * Changes role, merchants or status; a change of any ends the person's sessions (they sign in again
 * with what they now may do). The last active admin of an organization keeps the role and stays enabled.
 */
export async function changePerson(db: Db, read: PersonRow, change: { role?: Role | undefined; merchantIds?: readonly string[] | undefined; status?: 'active' | 'disabled' | undefined }): Promise<PersonRow> {
  return db.transaction(async (tx) => {
    // serialize admin changes of one organization: two admins demoting each other cannot both succeed
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`people:${read.organizationId}`}))`);
    // the person as they are now, under the lock (another change may have committed since they were read)
    const person = (await findPerson(tx, read.organizationId, read.id)) ?? read;
    const role = change.role ?? (person.role as Role);
    const status = change.status ?? (person.status === 'disabled' ? 'disabled' : 'active');
    const losesAdmin = person.role === 'admin' && person.status === 'active' && (role !== 'admin' || status === 'disabled');
    if (losesAdmin && (await activeAdmins(tx, person.organizationId)) <= 1) {
      throw new ApiProblem({ status: 409, type: 'last-admin', detail: 'This is the last admin of the organization: make someone else admin first.' });
    }
    const before = (await merchantsOfPeople(tx, [person.id])).get(person.id)?.map((m) => m.id).sort() ?? [];
    const merchantIds = await checkRoleLimit(tx, person.organizationId, role, change.merchantIds === undefined && role === person.role ? before : change.merchantIds);
    const newStatus = person.status === 'invited' && status === 'active' ? 'invited' : status;
    const [row] = await tx.update(people).set({ role, status: newStatus }).where(eq(people.id, person.id)).returning();
    const merchantsChanged = merchantIds.join() !== before.join();
    if (merchantsChanged) await setPersonMerchants(tx, person.id, merchantIds);
    await tx
      .update(accessTokens)
      .set({ scopes: roleScopes(role), revokedAt: newStatus === 'active' ? null : new Date() })
      .where(and(eq(accessTokens.personId, person.id), eq(accessTokens.kind, 'person')));
    if (role !== person.role || merchantsChanged || newStatus !== person.status) await endSessions(tx, person.id);
    if (!row) throw new Error('person not updated');
    return row;
  });
}

/** Removes the second factor (an admin's reset, or the person's own): TOTP secret, recovery codes and passkeys. */
export async function resetSecondFactor(db: Handle, personId: string): Promise<void> {
  await db.update(people).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(people.id, personId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.personId, personId));
  await db.delete(passkeys).where(eq(passkeys.personId, personId));
  await db.delete(passkeyChallenges).where(eq(passkeyChallenges.personId, personId));
}

export async function listPeople(db: Db, organizationId: string): Promise<PersonRow[]> {
  return db.select().from(people).where(eq(people.organizationId, organizationId)).orderBy(asc(people.email));
}

/** A person as the API shows them, with their merchants (merchantsOfPeople). */
export const personView = (row: PersonRow, merchants: readonly PersonMerchant[] = []): Person => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role as Role,
  merchantIds: merchants.map((m) => m.id),
  merchants: [...merchants],
  status: row.status,
  secondFactor: row.totpSecret !== null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
});
