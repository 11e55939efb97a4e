import type { Db } from '../db/client.ts';
import { checkIssuer, parseDefaultRole, parseDomains, parseRoleMap, removeEnvSsoConfig, saveSsoConfig, type SsoSettings } from './sso-config.ts';

/** OIDC_*: the demo organization's single sign-on, written at every start (and removed when OIDC_ISSUER is unset). */
export type OidcEnv = SsoSettings;

const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Reads OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_SCOPES, OIDC_ROLE_CLAIM, OIDC_ROLE_MAP, OIDC_DEFAULT_ROLE, OIDC_ALLOWED_DOMAINS. */
export function readOidcEnv(env: NodeJS.ProcessEnv): OidcEnv | undefined {
  const issuer = nonEmpty(env.OIDC_ISSUER);
  if (issuer === undefined) return undefined;
  const clientId = nonEmpty(env.OIDC_CLIENT_ID);
  const clientSecret = nonEmpty(env.OIDC_CLIENT_SECRET);
  if (clientId === undefined || clientSecret === undefined) throw new Error('OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too (the client registered with the provider)');
  const scopes = nonEmpty(env.OIDC_SCOPES) ?? 'openid email profile';
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`OIDC_SCOPES must include openid, got "${scopes}"`);
  return {
    issuer: checkIssuer(issuer),
    clientId,
    clientSecret,
    scopes,
    roleClaim: nonEmpty(env.OIDC_ROLE_CLAIM) ?? 'groups',
    roleMap: parseRoleMap(env.OIDC_ROLE_MAP),
    defaultRole: parseDefaultRole(env.OIDC_DEFAULT_ROLE),
    allowedDomains: parseDomains(env.OIDC_ALLOWED_DOMAINS),
  };
}

/** Applies OIDC_* to the organization (the demo's) at start; without OIDC_ISSUER a configuration they wrote is removed. */
export async function applyOidcEnv(db: Db, key: Buffer | null, organizationId: string, oidc: OidcEnv | undefined): Promise<void> {
  if (oidc === undefined) await removeEnvSsoConfig(db, organizationId);
  else await saveSsoConfig(db, key, organizationId, oidc, 'env');
}
