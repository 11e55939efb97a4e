import { eq, sql } from 'drizzle-orm';
import { Role, roleNames, roles } from '../../contract/roles.ts';
import type { Db } from '../db/client.ts';
import { ssoConfigs } from '../db/schema.ts';
import { openSecret, sealSecret } from '../notifications/signing-secrets.ts';

/** claim value → role; the first pair whose value the person's claim holds wins */
export interface RoleMapping {
  value: string;
  role: Role;
}

/** An organization's OpenID provider and who it lets in, as the sign-in reads it (the secret opened). */
export interface SsoConfig {
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  allowedDomains: string[];
  roleClaim: string;
  roleMap: RoleMapping[];
  defaultRole: Role | null;
}

export type SsoSettings = Omit<SsoConfig, 'organizationId'>;

const loopbackHost = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/;

/** The issuer: https, or http on this machine only (a provider started by a test or a developer). */
export function checkIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`OIDC issuer must be a URL, got "${text}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHost.test(url.hostname))) {
    throw new Error(`OIDC issuer must use https (http only on 127.0.0.1 or localhost), got "${text}"`);
  }
  return text.replace(/\/$/, '');
}

/** Why `role` cannot be given by a provider's claim, or null when it can. */
export function roleRefusal(role: string): string | null {
  const parsed = Role.safeParse(role);
  if (!parsed.success) return `"${role}" is not a role (${roleNames.filter((r) => !roles[r].merchantLimited).join(', ')})`;
  // a merchant operator names the merchant they act for: an admin sets it, a provider's group cannot
  if (roles[parsed.data].merchantLimited) return `${role} needs a merchant, which an admin chooses; map the group to another role`;
  return null;
}

const assignable = (role: string, what: string): Role => {
  const refusal = roleRefusal(role);
  if (refusal !== null) throw new Error(`${what}: ${refusal}`);
  return role as Role;
};

/** `finance=read_only,ops=support` → [{ value: 'finance', role: 'read_only' }, …], in that order. */
export function parseRoleMap(text: string | undefined): RoleMapping[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((pair) => {
    const at = pair.lastIndexOf('=');
    const value = pair.slice(0, at).trim();
    if (at < 0 || value === '') throw new Error(`OIDC_ROLE_MAP: "${pair.trim()}" is not value=role (like finance=read_only,ops=support)`);
    return { value, role: assignable(pair.slice(at + 1).trim(), 'OIDC_ROLE_MAP') };
  });
}

export const parseDefaultRole = (text: string | undefined): Role | null => (text === undefined || text.trim() === '' ? null : assignable(text.trim(), 'OIDC_DEFAULT_ROLE'));

/** `@Example.com` → 'example.com'; null when it is not an email domain. */
export function emailDomain(text: string): string | null {
  const domain = text.trim().toLowerCase().replace(/^@/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/** `example.com, Example.org` → ['example.com', 'example.org']. */
export function parseDomains(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((part) => {
    const domain = emailDomain(part);
    if (domain === null) throw new Error(`OIDC_ALLOWED_DOMAINS: "${part.trim()}" is not an email domain`);
    return domain;
  });
}

/** A configuration's stored columns: the client secret sealed with `key` like the signing secrets. */
export const ssoConfigValues = (settings: SsoSettings, key: Buffer | null, source: 'env' | 'api', updatedAt = new Date()) => ({
  issuer: checkIssuer(settings.issuer),
  clientId: settings.clientId,
  clientSecretSealed: sealSecret(settings.clientSecret, key),
  scopes: settings.scopes,
  allowedDomains: settings.allowedDomains,
  roleClaim: settings.roleClaim,
  roleMap: settings.roleMap,
  defaultRole: settings.defaultRole,
  source,
  updatedAt,
});

/** Writes (or replaces) the organization's single sign-on. */
export async function saveSsoConfig(db: Db, key: Buffer | null, organizationId: string, settings: SsoSettings, source: 'env' | 'api'): Promise<void> {
  const values = ssoConfigValues(settings, key, source);
  await db.insert(ssoConfigs).values({ organizationId, ...values }).onConflictDoUpdate({ target: ssoConfigs.organizationId, set: values });
}

const toConfig = (row: typeof ssoConfigs.$inferSelect, key: Buffer | null): SsoConfig => ({
  organizationId: row.organizationId,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret: openSecret(row.clientSecretSealed, key),
  scopes: row.scopes,
  allowedDomains: row.allowedDomains,
  roleClaim: row.roleClaim,
  roleMap: row.roleMap.map((m) => ({ value: m.value, role: Role.parse(m.role) })),
  defaultRole: row.defaultRole === null ? null : Role.parse(row.defaultRole),
});

export async function loadSsoConfig(db: Db, key: Buffer | null, organizationId: string): Promise<SsoConfig | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, organizationId));
  return row ? toConfig(row, key) : null;
}

/** The organizations with single sign-on and their allowed domains (no secrets). */
export function listSsoOrganizations(db: Db): Promise<{ organizationId: string; allowedDomains: string[] }[]> {
  return db.select({ organizationId: ssoConfigs.organizationId, allowedDomains: ssoConfigs.allowedDomains }).from(ssoConfigs);
}

/** Removes the configuration written from the environment (the OIDC_* variables were unset); one set otherwise stays. */
export async function removeEnvSsoConfig(db: Db, organizationId: string): Promise<void> {
  await db.delete(ssoConfigs).where(sql`${ssoConfigs.organizationId} = ${organizationId} and ${ssoConfigs.source} = 'env'`);
}
