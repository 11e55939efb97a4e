import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { Scope, TokenMode } from '../contract/enums.ts';
import { createToken, listTokens, revokeToken } from './auth/token-store.ts';
import { CliError, defaultOrganization, runCli } from './cli.ts';
import type { Db } from './db/client.ts';
import { accessTokens, merchants, organizations } from './db/schema.ts';
import { cliActor, recordAudit } from './audit/record.ts';

const usage = `Usage: npm run token -- <command>
  create --name N --scopes a,b --mode test|live [--merchant M] [--organization ORG]   prints the new token
  list                                                                                 tokens, without secrets
  revoke <id>
Scopes: ${Scope.options.join(', ')}
Signing secrets of notifications: npm run secret -- list|create|rotate|revoke`;

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
    await recordAudit(db, {
      organizationId,
      actor: cliActor('token-cli'),
      action: 'token.create',
      target: { type: 'token', id: created.id },
      outcome: 'success',
      details: { name: values.name, scopes: scopes.flatMap((s) => (s.success ? [s.data] : [])), mode: mode.data, merchantId: values.merchant ?? null },
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
    const [token] = await db.select({ organizationId: accessTokens.organizationId }).from(accessTokens).where(eq(accessTokens.id, id));
    await recordAudit(db, { organizationId: token?.organizationId ?? null, actor: cliActor('token-cli'), action: 'token.revoke', target: { type: 'token', id }, outcome: 'success' });
    return `Revoked ${id}`;
  }
  throw new CliError(usage);
}

if (import.meta.url === `file://${process.argv[1]}`) await runCli((db) => runTokenCommand(db, process.argv.slice(2)));
