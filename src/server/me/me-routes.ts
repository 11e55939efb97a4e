import { and, asc, eq } from 'drizzle-orm';
import { merchantCondition } from '../lists/scope.ts';
import type { Me } from '../../contract/me.ts';
import { callerOf, type Caller } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { merchants } from '../db/schema.ts';
import { findPerson, personView } from '../people/people-store.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { endpoint } from '../lib/endpoint-routes.ts';

export function meRoutes(app: ApiInstance): void {
  app.route({
    ...endpoint('getMe', { summary: 'The calling token: organization, scopes, merchant limit, mode and merchants (extension)', tags: ['access'] }),
    config: { auth: 'any' },
    handler: async (request) => describeCaller(app.database.db, callerOf(request)),
  });
}

/** The Me body: who the caller's token belongs to and what it may do. */
export async function describeCaller(db: Db, caller: Caller): Promise<Me> {
  const scope = eq(merchants.organizationId, caller.organizationId);
  const rows = await db
    // the CNPJ too: the dashboard names a merchant by name and CNPJ (the connect form, a connection's page)
    .select({ id: merchants.id, name: merchants.name, taxId: merchants.taxId })
    .from(merchants)
    .where(and(scope, merchantCondition(merchants.id, caller)))
    .orderBy(asc(merchants.name), asc(merchants.id));
  const person = caller.personId ? await findPerson(db, caller.organizationId, caller.personId) : null;
  return {
    tokenId: caller.tokenId,
    organization: { id: caller.organizationId, name: caller.organizationName },
    scopes: caller.scopes,
    merchantId: caller.merchantIds?.length === 1 ? (caller.merchantIds[0] ?? null) : null,
    merchantIds: caller.merchantIds === null ? null : [...caller.merchantIds],
    mode: caller.mode,
    merchants: rows,
    person: person ? (({ id, email, name, role }) => ({ id, email, name, role }))(personView(person)) : null,
  };
}
