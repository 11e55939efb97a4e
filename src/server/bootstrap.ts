import { sql } from 'drizzle-orm';
import { scopes } from '../contract/enums.ts';
import { createToken, findToken } from './auth/token-store.ts';
import { openDatabase, type Database } from './db/client.ts';
import { vacuumIfNeeded } from './db/maintenance.ts';
import { organizations, signingSecrets } from './db/schema.ts';
import { createSigningSecret, readSealingKey } from './notifications/signing-secrets.ts';
import { seedConnections } from './seed/connections.ts';
import { upsertProviders } from './providers/providers-sync.ts';
import type { RuntimeEnv } from './runtime-env.ts';
import { randomBytes } from 'node:crypto';
import { people } from './db/schema.ts';
import { hashPassword, passwordProblem } from './people/passwords.ts';
import { createPerson } from './people/people-store.ts';
import { demoOrganization, seedDemo } from './seed/demo.ts';
import { applyOidcEnv } from './sso/sso-env.ts';

export interface Prepared {
  database: Database;
  /** true when this start created the demo organization */
  firstStart: boolean;
  /** the demo token: minted on first start, or DEMO_ACCESS_TOKEN when it is still valid */
  demoToken: string | null;
  /** the demo organization's signing secret, only when this start created it (printed once) */
  demoSigningSecret: string | null;
  /** the demo admin person, when this start created it; password only when it was generated (printed once) */
  demoAdmin: { email: string; password: string | null } | null;
}

type Env = Pick<RuntimeEnv, 'dataDir' | 'databaseUrl' | 'demoAccessToken' | 'seedSummaries' | 'seed'> &
  Partial<Pick<RuntimeEnv, 'demoAdminEmail' | 'demoAdminPassword' | 'databaseReadUrl' | 'dbConnectTimeoutMs' | 'dbQueryTimeoutMs' | 'dbPoolSize' | 'dbPoolWaitMs' | 'demoSigningSecret' | 'signingSecretKey' | 'oidc'>>;

/**
 * The demo organization's signing secret, when it has none yet (first start, or a database from before
 * notifications existed: then its terminals' connections are added too). Returns the new secret or null.
 */
async function ensureDemoSigningSecret(database: Database, env: Env): Promise<string | null> {
  const [org] = await database.db.select({ id: organizations.id }).from(organizations).where(sql`${organizations.id} = ${demoOrganization.id}`);
  if (!org) return null;
  const [existing] = await database.db.select({ id: signingSecrets.id }).from(signingSecrets).where(sql`${signingSecrets.organizationId} = ${org.id}`).limit(1);
  if (existing) return null;
  await seedConnections(database, org.id);
  const created = await createSigningSecret(database.db, org.id, readSealingKey(env.signingSecretKey), env.demoSigningSecret);
  return created.secret;
}

const hideCredentials = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');
/**
 * The demo organization's first admin person, when it has no one yet (first start, or a database from before
 * people): DEMO_ADMIN_EMAIL and DEMO_ADMIN_PASSWORD, or a random password returned to print once. No second factor
 * until they enrol one.
 */
async function ensureDemoAdmin(database: Database, env: Env): Promise<Prepared['demoAdmin']> {
  const [org] = await database.db.select({ id: organizations.id }).from(organizations).where(sql`${organizations.id} = ${demoOrganization.id}`);
  if (!org) return null;
  const [someone] = await database.db.select({ id: people.id }).from(people).where(sql`${people.organizationId} = ${org.id}`).limit(1);
  if (someone) return null;
  const email = env.demoAdminEmail ?? 'admin@demo.acquirer-console.dev';
  const password = env.demoAdminPassword ?? randomBytes(15).toString('base64url');
  const problem = passwordProblem(password, { email });
  if (problem) throw new Error(`DEMO_ADMIN_PASSWORD ${problem}`);
  await createPerson(database.db, { organizationId: org.id, email, name: 'Demo admin', role: 'admin', status: 'active', mode: 'test', passwordHash: await hashPassword(password) });
  return { email, password: env.demoAdminPassword ? null : password };
}

/** OIDC_* onto the demo organization, when it exists (docs/people-and-access.md, "Single sign-on"). */
async function applyDemoSso(database: Database, env: Env): Promise<void> {
  const [org] = await database.db.select({ id: organizations.id }).from(organizations).where(sql`${organizations.id} = ${demoOrganization.id}`);
  if (org) await applyOidcEnv(database.db, readSealingKey(env.signingSecretKey), org.id, env.oidc);
}

export const describeDatabase = (env: Env): string =>
  env.databaseUrl
    ? `PostgreSQL (${hideCredentials(env.databaseUrl)}${env.databaseReadUrl ? `; reads from the replica ${hideCredentials(env.databaseReadUrl)}` : ''})`
    : `PGlite in ${env.dataDir}`;

/**
 * What a start that created them shows once, worded here for every command that prints them (`npm start`, the
 * cluster's primary, the token and secret CLIs): each printer puts its own label and layout before the text.
 */
export function firstStartTexts(prepared: Prepared): { token: string | null; admin: string | null; signingSecret: string | null } {
  const admin = prepared.demoAdmin;
  return {
    token: prepared.firstStart ? prepared.demoToken : null,
    admin: admin
      ? `${admin.email}${admin.password ? ` / ${admin.password}   (shown once; set DEMO_ADMIN_PASSWORD to choose it)` : ' (password from DEMO_ADMIN_PASSWORD)'}`
      : null,
    signingSecret: prepared.demoSigningSecret ? `${prepared.demoSigningSecret}   (shown once; notifications are signed with it)` : null,
  };
}

/** The second line under the demo admin: how they add a second factor. */
export const demoAdminSecondFactorHint = 'no second factor yet: enrol an authenticator app under My account';

/** The same as plain lines, for the commands without `npm start`'s aligned panel. */
export function firstStartLines(prepared: Prepared): string[] {
  const texts = firstStartTexts(prepared);
  return [
    texts.token ? `Demo token (shown once): ${texts.token}` : null,
    texts.admin ? `Demo admin: ${texts.admin}; ${demoAdminSecondFactorHint}` : null,
    texts.signingSecret ? `Signing secret of the demo organization: ${texts.signingSecret}` : null,
  ].filter((line) => line !== null);
}

/**
 * The first-start path shared by the server and the token CLI: open (and migrate) the database, write the
 * provider catalogue, and on an empty database seed the demo organization and mint its token.
 */
export async function prepareDatabase(
  env: Env,
  log: (line: string) => void = () => undefined,
  onConnectionError?: (error: Error) => void,
): Promise<Prepared> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    readUrl: env.databaseReadUrl,
    dataDir: env.dataDir,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    queryTimeoutMs: env.dbQueryTimeoutMs,
    poolSize: env.dbPoolSize,
    poolWaitMs: env.dbPoolWaitMs,
    onConnectionError,
  });
  try {
    await upsertProviders(database.db);
    const [row] = await database.db.select({ n: sql<string>`count(*)` }).from(organizations);
    if (Number(row?.n ?? 0) > 0) {
      await vacuumIfNeeded(database, log);
      const valid = env.demoAccessToken ? await findToken(database.db, env.demoAccessToken) : null;
      const demoSigningSecret = await ensureDemoSigningSecret(database, env);
      await applyDemoSso(database, env);
      return { database, firstStart: false, demoToken: valid && !valid.revoked ? (env.demoAccessToken ?? null) : null, demoSigningSecret, demoAdmin: await ensureDemoAdmin(database, env) };
    }
    log(`First start: seeding the demo organization with ${env.seedSummaries} transaction summaries (seed ${env.seed})...`);
    const { organizationId } = await seedDemo(database, { seed: env.seed, summaries: env.seedSummaries });
    const { token } = await createToken(database.db, {
      name: 'demo',
      organizationId,
      scopes: [...scopes],
      mode: 'test',
      token: env.demoAccessToken,
    });
    await applyDemoSso(database, env);
    return { database, firstStart: true, demoToken: token, demoSigningSecret: await ensureDemoSigningSecret(database, env), demoAdmin: await ensureDemoAdmin(database, env) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
