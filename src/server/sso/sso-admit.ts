import { and, asc, eq } from 'drizzle-orm';
import type { TokenMode } from '../../contract/enums.ts';
import type { Role } from '../../contract/roles.ts';
import type { SsoErrorCode } from '../../contract/sso-errors.ts';
import { recordAudit, type AuditActor } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, people } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { changePerson, createPerson, findPersonByEmail, type PersonRow } from '../people/people-store.ts';
import type { Claims } from './sso-client.ts';
import type { SsoConfig } from './sso-config.ts';

export type Admission = { admitted: true; person: PersonRow; created: boolean } | { admitted: false; code: SsoErrorCode; person: PersonRow | null };

/** The role the person's claim maps to: the first mapping whose value the claim (a string or a list) holds. */
export function mappedRole(sso: SsoConfig, claims: Claims): Role | null {
  const raw = claims[sso.roleClaim];
  const values = Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : typeof raw === 'string' ? [raw] : [];
  return sso.roleMap.find((m) => values.includes(m.value))?.role ?? null;
}

/** A newcomer acts on the data mode of the organization's first admin (the demo's: test). */
async function organizationMode(db: Db, organizationId: string): Promise<TokenMode> {
  const [row] = await db
    .select({ mode: accessTokens.mode })
    .from(accessTokens)
    .innerJoin(people, eq(people.id, accessTokens.personId))
    .where(and(eq(people.organizationId, organizationId), eq(people.role, 'admin'), eq(accessTokens.kind, 'person')))
    .orderBy(asc(people.createdAt))
    .limit(1);
  return row?.mode ?? 'test';
}

/**
 * Who gets in: a person of the organization with the provider's verified email (invited or active, not disabled),
 * or a newcomer whose verified email's domain the organization allows (created with the mapped or default role).
 * A mapped role replaces the person's (the change ends their other sessions and is audited); no mapping keeps it.
 */
export async function admit(db: Db, sso: SsoConfig, claims: Claims, actor: AuditActor): Promise<Admission> {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email.includes('@') || claims.email_verified !== true) return { admitted: false, code: 'email_unverified', person: null };
  const role = mappedRole(sso, claims);
  const audit = (person: PersonRow, action: string, outcome: 'success' | 'denied', details: Record<string, unknown>) =>
    recordAudit(db, { organizationId: sso.organizationId, actor, action, target: { type: 'person', id: person.id }, outcome, details: { source: 'sso', ...details } });

  const found = await findPersonByEmail(db, email);
  if (!found) {
    if (!sso.allowedDomains.includes(email.slice(email.lastIndexOf('@') + 1))) return { admitted: false, code: 'not_invited', person: null };
    const newRole = role ?? sso.defaultRole;
    if (newRole === null) return { admitted: false, code: 'no_role', person: null };
    const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim().slice(0, 200) : email;
    const person = await createPerson(db, { organizationId: sso.organizationId, email, name, role: newRole, status: 'active', mode: await organizationMode(db, sso.organizationId) });
    await audit(person, 'person.create', 'success', { role: newRole, mapped: role !== null });
    return { admitted: true, person, created: true };
  }
  if (found.organizationId !== sso.organizationId) return { admitted: false, code: 'not_invited', person: null };
  if (found.status === 'disabled') return { admitted: false, code: 'disabled', person: found };
  let person = found;
  if (person.status === 'invited') {
    // the invitation is accepted by signing in with the organization's provider
    [person = found] = await db.update(people).set({ status: 'active' }).where(eq(people.id, found.id)).returning();
    await db.update(accessTokens).set({ revokedAt: null }).where(and(eq(accessTokens.personId, found.id), eq(accessTokens.kind, 'person')));
    await audit(person, 'person.update', 'success', { status: { from: 'invited', to: 'active' } });
  }
  if (role !== null && role !== person.role) {
    try {
      const changed = await changePerson(db, person, { role });
      await audit(changed, 'person.update', 'success', { role: { from: person.role, to: role } });
      person = changed;
    } catch (error) {
      // the last admin keeps the role (the organization would have none left): signed in as before, the refusal recorded
      if (!(error instanceof ApiProblem) || error.init.status !== 409) throw error;
      await audit(person, 'person.update', 'denied', { role: { from: person.role, to: role }, reason: 'last_admin' });
    }
  }
  return { admitted: true, person, created: false };
}
