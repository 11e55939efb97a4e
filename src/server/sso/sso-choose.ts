import type { Db } from '../db/client.ts';
import { findPersonByEmail } from '../people/people-store.ts';
import { listSsoOrganizations } from './sso-config.ts';

/**
 * Which organization's provider a sign-in goes to: the one named, else the one whose allowed domains hold the
 * email's (or the person's with that email), else the only one configured. Null when none fits.
 */
export async function chooseOrganization(db: Db, query: { organization?: string | undefined; email?: string | undefined }): Promise<string | null> {
  const configured = await listSsoOrganizations(db);
  if (query.organization !== undefined) return configured.some((c) => c.organizationId === query.organization) ? query.organization : null;
  const email = query.email?.trim().toLowerCase();
  if (email) {
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const byDomain = configured.find((c) => c.allowedDomains.includes(domain));
    if (byDomain) return byDomain.organizationId;
    const person = await findPersonByEmail(db, email);
    return person && configured.some((c) => c.organizationId === person.organizationId) ? person.organizationId : null;
  }
  return configured.length === 1 ? (configured[0]?.organizationId ?? null) : null;
}
