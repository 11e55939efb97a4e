import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PersonMerchant } from '../../contract/people.ts';
import { roles, type Role } from '../../contract/roles.ts';
import type { Db } from '../db/client.ts';
import { merchants, personMerchants } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Handle = Db | Tx;

const invalid = (detail: string, pointer: string) => new ApiProblem({ status: 422, detail, errors: [{ pointer, detail }] });

/**
 * The merchant limit a role needs: a merchant operator names one or more merchants of the organization, the other
 * roles none (422 otherwise). Answers the set without repeats, in id order.
 */
export async function checkRoleLimit(db: Handle, organizationId: string, role: Role, merchantIds: readonly string[] | null | undefined): Promise<string[]> {
  const wanted = [...new Set(merchantIds ?? [])].sort();
  if (!roles[role].merchantLimited) {
    if (wanted.length > 0) throw invalid(`The role ${role} acts for every merchant: leave merchantIds out (only a merchant operator has merchants).`, '/merchantIds');
    return [];
  }
  if (wanted.length === 0) throw invalid('A merchant operator needs merchantIds: one or more merchants they act for.', '/merchantIds');
  const found = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.organizationId, organizationId), inArray(merchants.id, wanted)));
  const known = new Set(found.map((m) => m.id));
  const index = wanted.findIndex((id) => !known.has(id));
  if (index >= 0) throw invalid(`No merchant ${wanted[index] ?? ''} in this organization.`, `/merchantIds/${(merchantIds ?? []).indexOf(wanted[index] ?? '')}`);
  return wanted;
}

/** Replaces a person's merchants with the set (checked by checkRoleLimit). */
export async function setPersonMerchants(db: Handle, personId: string, merchantIds: readonly string[]): Promise<void> {
  await db.delete(personMerchants).where(eq(personMerchants.personId, personId));
  if (merchantIds.length > 0) await db.insert(personMerchants).values(merchantIds.map((merchantId) => ({ personId, merchantId })));
}

/** A person's merchant ids, in id order (the audit trail's record of a person's set). */
export async function merchantIdsOf(db: Handle, personId: string): Promise<string[]> {
  const rows = await db.select({ id: personMerchants.merchantId }).from(personMerchants).where(eq(personMerchants.personId, personId)).orderBy(asc(personMerchants.merchantId));
  return rows.map((r) => r.id);
}

/** The merchants (id, name and CNPJ, by name) of each of the people. */
export async function merchantsOfPeople(db: Handle, personIds: readonly string[]): Promise<Map<string, PersonMerchant[]>> {
  const byPerson = new Map<string, PersonMerchant[]>(personIds.map((id) => [id, []]));
  if (personIds.length === 0) return byPerson;
  const rows = await db
    .select({ personId: personMerchants.personId, id: merchants.id, name: merchants.name, taxId: merchants.taxId })
    .from(personMerchants)
    .innerJoin(merchants, eq(merchants.id, personMerchants.merchantId))
    .where(inArray(personMerchants.personId, [...personIds]))
    .orderBy(asc(merchants.name), asc(merchants.id));
  for (const { personId, ...merchant } of rows) byPerson.get(personId)?.push(merchant);
  return byPerson;
}
