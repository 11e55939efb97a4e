import { parseArgs } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { Scope, TokenMode } from '../contract/enums.ts';
import { createToken, listTokens, revokeToken } from './auth/token-store.ts';
import { prepareDatabase } from './bootstrap.ts';
import type { Db } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { merchants, organizations } from './db/schema.ts';
import { readEnv, type RuntimeEnv } from './runtime-env.ts';
import { demoOrganization } from './seed/demo.ts';

const usage = `Usage: npm run token -- <command>
  create --name N --scopes a,b --mode test|live [--merchant M] [--organization ORG]   prints the new token
  list                                                                                 tokens, without secrets
  revoke <id>
Scopes: ${Scope.options.join(', ')}
Signing secrets of notifications: npm run secret -- list|create|rotate|revoke`;

export class CliError extends Error {}

export async function defaultOrganization(db: Db): Promise<string> {
  const rows = await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id));
  if (rows.length === 1 && rows[0]) return rows[0].id;
  if (rows.some((r) => r.id === demoOrganization.id)) return demoOrganization.id;
  throw new CliError(`Several organizations exist; pass --organization (one of: ${rows.map((r) => r.id).join(', ')})`);
}

/** Runs one CLI command against an open database and returns what it prints. */
export async function runTokenCommand(db: Db, argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, scopes: { type: 'string' }, mode: { type: 'string' }, merchant: { type: 'string' }, organization: { type: 'string' } },
  });
  const [command, ...rest] = positionals;
  if (command === 'create') {
    if (!values.name) throw new CliError('--name is required');
    const scopes = (values.scopes ?? '').split(',').filter(Boolean).map((s) => Scope.safeParse(s.trim()));
    const bad = scopes.find((s) => !s.success);
    if (scopes.length === 0 || bad) throw new CliError('--scopes must be a comma-separated list of known scopes');
    const mode = TokenMode.safeParse(values.mode);
    if (!mode.success) throw new CliError('--mode must be test or live');
    const organizationId = values.organization ?? (await defaultOrganization(db));
    const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
    if (!org) throw new CliError(`No organization ${organizationId}`);
    if (values.merchant) {
      const [merchant] = await db.select().from(merchants).where(eq(merchants.id, values.merchant));
      if (merchant?.organizationId !== organizationId) throw new CliError(`No merchant ${values.merchant} in organization ${organizationId}`);
    }
    const created = await createToken(db, {
      name: values.name,
      organizationId,
      scopes: scopes.flatMap((s) => (s.success ? [s.data] : [])),
      mode: mode.data,
      merchantId: values.merchant ?? null,
    });
    return `Token ${created.id} for ${org.name}${values.merchant ? `, merchant ${values.merchant}` : ''} (shown once):\n${created.token}`;
  }
  if (command === 'list') {
    const rows = await listTokens(db);
    const lines = rows.map((t) =>
      [t.id, t.name, t.scopes.join(','), t.mode, t.merchantId ?? '-', t.createdAt.toISOString(), t.revokedAt ? `revoked ${t.revokedAt.toISOString()}` : 'active'].join('\t'),
    );
    return ['id\tname\tscopes\tmode\tmerchant\tcreated\trevoked', ...lines].join('\n');
  }
  if (command === 'revoke') {
    const [id] = rest;
    if (!id) throw new CliError('revoke needs a token id (see list)');
    if (!(await revokeToken(db, id))) throw new CliError(`No active token ${id}`);
    return `Revoked ${id}`;
  }
  throw new CliError(usage);
}

/** Shared by the token and secret CLIs: prepare the database (printing what a first start creates), run, print. */
export async function runCli(command: (db: Db, env: RuntimeEnv) => Promise<string>): Promise<void> {
  const env = readEnv();
  const prepared = await prepareDatabase(env, (line) => console.error(line)).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const { database, demoToken, firstStart, demoSigningSecret } = prepared;
  try {
    if (firstStart && demoToken) console.error(`Demo token (first start): ${demoToken}`);
    if (demoSigningSecret) console.error(`Demo signing secret (shown once): ${demoSigningSecret}`);
    console.log(await command(database.db, env));
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof CliError || error instanceof TypeError ? error.message : error);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runCli((db) => runTokenCommand(db, process.argv.slice(2)));
