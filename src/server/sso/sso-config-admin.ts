import { and, eq, isNotNull, count } from 'drizzle-orm';
import type { ProblemFieldError } from '../../contract/problem.ts';
import { ssoDefaultRoleClaim, ssoDefaultScopes, type SsoConfigInput, type SsoConfigView } from '../../contract/sso-config.ts';
import { etagHeader } from '../../contract/headers.ts';
import type { Role } from '../../contract/roles.ts';
import { ifMatchTags } from '../credentials/etag.ts';
import type { Db } from '../db/client.ts';
import { people, ssoConfigs } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { openSecret } from '../notifications/signing-secrets.ts';
import { discoverProvider } from './sso-client.ts';
import { checkIssuer, emailDomain, roleRefusal, ssoConfigValues, type SsoSettings } from './sso-config.ts';

type Row = typeof ssoConfigs.$inferSelect;

/** The configuration's entity tag: its last change, to the millisecond (every write moves it forward). */
export const ssoConfigEtag = (row: Pick<Row, 'updatedAt'>) => `"t${row.updatedAt.getTime().toString(36)}"`;

export async function readSsoConfigRow(db: Db, organizationId: string): Promise<Row | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.organizationId, organizationId));
  return row ?? null;
}

/** What admins read: never the secret, only whether one is set. */
export const ssoConfigView = (row: Row): SsoConfigView => ({
  source: row.source === 'env' ? 'environment' : 'api',
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecretSet: row.clientSecretSealed !== '',
  scopes: row.scopes,
  allowedDomains: row.allowedDomains,
  roleClaim: row.roleClaim,
  roleMap: row.roleMap,
  defaultRole: row.defaultRole,
  updatedAt: row.updatedAt.toISOString(),
});

export const notConfigured = () => new ApiProblem({ status: 404, type: 'sso-not-configured', detail: 'This organization has no single sign-on: PUT /v1/sso/config sets it.' });

function checkWritable(row: Row | null, ifMatch: string | undefined): void {
  if (row?.source === 'env') {
    throw new ApiProblem({
      status: 409,
      type: 'sso-managed-by-environment',
      detail: 'This organization’s single sign-on is managed by the server’s environment (OIDC_ISSUER and the other OIDC_* variables): change it there, or unset OIDC_ISSUER to manage it here.',
    });
  }
  if (row === null) {
    if (ifMatch !== undefined && ifMatch.trim() !== '') throw stale(null);
    return;
  }
  if (ifMatch === undefined || ifMatch.trim() === '') {
    throw new ApiProblem({ status: 428, type: 'precondition-required', detail: 'Send If-Match with the ETag of the single sign-on configuration as you last read it (GET /v1/sso/config), so no change by someone else is overwritten.' });
  }
  if (!ifMatchTags(ifMatch).includes(ssoConfigEtag(row))) throw stale(row);
}

const stale = (row: Row | null) =>
  new ApiProblem({
    status: 412,
    type: 'stale-sso-config',
    detail: row === null ? 'There is no single sign-on configuration to match (someone removed it): read it again.' : 'The single sign-on configuration changed since you read it (If-Match does not match its ETag). Read it again and reapply your change.',
    ...(row === null ? {} : { headers: { [etagHeader]: ssoConfigEtag(row) } }),
  });

const invalid = (errors: ProblemFieldError[]) =>
  new ApiProblem({ status: 422, type: 'invalid-sso-config', detail: `The single sign-on configuration is not valid: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}.`, errors });

/** Checks every field (all refusals at once, each with its pointer), then the issuer by OpenID discovery. */
export async function checkSsoInput(given: SsoConfigInput, keptSecret: string | null): Promise<SsoSettings> {
  const input = { ...given, scopes: given.scopes ?? ssoDefaultScopes, roleClaim: given.roleClaim ?? ssoDefaultRoleClaim };
  const errors: ProblemFieldError[] = [];
  const refuse = (pointer: string, detail: string) => errors.push({ pointer, detail });
  let issuer = input.issuer;
  try {
    issuer = checkIssuer(input.issuer);
  } catch (error) {
    refuse('/issuer', (error as Error).message.replace(/^OIDC issuer /, ''));
  }
  if (input.clientId === '') refuse('/clientId', 'is required: the client id registered with the provider');
  const clientSecret = input.clientSecret === undefined || input.clientSecret === '' ? keptSecret : input.clientSecret;
  if (clientSecret === null) refuse('/clientSecret', 'is required: the secret the provider gave with the client');
  if (!input.scopes.split(/\s+/).includes('openid')) refuse('/scopes', `must include openid (got "${input.scopes}")`);
  const allowedDomains = input.allowedDomains.map((text, i) => emailDomain(text) ?? (refuse(`/allowedDomains/${i}`, `"${text}" is not an email domain (like example.com)`), text));
  if (input.roleClaim === '') refuse('/roleClaim', 'is required: the claim that carries the groups (groups, roles…)');
  input.roleMap.forEach((m, i) => {
    if (m.value === '') refuse(`/roleMap/${i}/value`, 'is required: the claim value (a group name)');
    const refusal = roleRefusal(m.role);
    if (refusal !== null) refuse(`/roleMap/${i}/role`, refusal);
  });
  const defaultRefusal = input.defaultRole === null ? null : roleRefusal(input.defaultRole);
  if (defaultRefusal !== null) refuse('/defaultRole', defaultRefusal);
  if (errors.length > 0) throw invalid(errors);
  const settings: SsoSettings = {
    issuer,
    clientId: input.clientId,
    clientSecret: clientSecret as string,
    scopes: input.scopes.split(/\s+/).filter(Boolean).join(' '),
    allowedDomains: [...new Set(allowedDomains)],
    roleClaim: input.roleClaim,
    roleMap: input.roleMap.map((m) => ({ value: m.value, role: m.role as Role })),
    defaultRole: input.defaultRole as Role | null,
  };
  try {
    await discoverProvider(settings);
  } catch (error) {
    const why = error instanceof Error ? (error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message) : String(error);
    throw invalid([{ pointer: '/issuer', detail: `did not answer as an OpenID provider at ${issuer}/.well-known/openid-configuration: ${why}` }]);
  }
  return settings;
}

/** PUT: creates (no If-Match) or replaces (If-Match) the organization's configuration; the secret kept when none is sent. */
export async function replaceSsoConfig(db: Db, key: Buffer | null, organizationId: string, ifMatch: string | undefined, input: SsoConfigInput): Promise<{ row: Row; created: boolean; secretChanged: boolean }> {
  const current = await readSsoConfigRow(db, organizationId);
  checkWritable(current, ifMatch);
  const settings = await checkSsoInput(input, current ? openSecret(current.clientSecretSealed, key) : null);
  // the ETag is the last change's time: strictly later than the one replaced, even within a millisecond
  const values = ssoConfigValues(settings, key, 'api', new Date(Math.max(Date.now(), (current?.updatedAt.getTime() ?? 0) + 1)));
  const [row] = current
    ? await db.update(ssoConfigs).set(values).where(and(eq(ssoConfigs.organizationId, organizationId), eq(ssoConfigs.updatedAt, current.updatedAt), eq(ssoConfigs.source, 'api'))).returning()
    : await db.insert(ssoConfigs).values({ organizationId, ...values }).onConflictDoNothing().returning();
  if (!row) throw stale(await readSsoConfigRow(db, organizationId));
  return { row, created: current === null, secretChanged: input.clientSecret !== undefined && input.clientSecret !== '' };
}

/** DELETE (If-Match): refused when it would leave no active admin able to sign in (all the others sign in through it). */
export async function deleteSsoConfig(db: Db, organizationId: string, ifMatch: string | undefined): Promise<Row> {
  const current = await readSsoConfigRow(db, organizationId);
  if (!current) throw notConfigured();
  checkWritable(current, ifMatch);
  const [withPassword] = await db
    .select({ n: count() })
    .from(people)
    .where(and(eq(people.organizationId, organizationId), eq(people.role, 'admin'), eq(people.status, 'active'), isNotNull(people.passwordHash)));
  if ((withPassword?.n ?? 0) === 0) {
    throw new ApiProblem({ status: 409, type: 'last-admin', detail: 'Every active admin signs in through single sign-on: removing it would leave the organization with no admin who can sign in. Make someone with a password admin first (or `npm run user -- create --role admin`).' });
  }
  const [row] = await db.delete(ssoConfigs).where(and(eq(ssoConfigs.organizationId, organizationId), eq(ssoConfigs.updatedAt, current.updatedAt))).returning();
  if (!row) throw stale(await readSsoConfigRow(db, organizationId));
  return row;
}
