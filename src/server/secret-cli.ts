import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { organizations, signingSecrets } from './db/schema.ts';
import { cliActor, recordAudit } from './audit/record.ts';
import { createSigningSecret, listSigningSecrets, readSealingKey, revokeSigningSecret, rotateSigningSecret } from './notifications/signing-secrets.ts';
import { CliError, defaultOrganization, runCli } from './cli.ts';

const usage = `Usage: npm run secret -- <command>     (signing secrets of notifications, POST /v1/notifications)
  list                                        every secret, masked, with its state
  create [--organization ORG]                 a new secret (another valid one); prints it once
  rotate [--organization ORG] [--overlap 24h] a new secret; the current ones stay valid for the overlap, then expire
  revoke <id>                                 stops a secret at once`;

function duration(text: string): number {
  const m = /^(\d+)(s|m|h|d)$/.exec(text);
  if (!m) throw new CliError('--overlap takes a duration such as 30m, 24h or 7d');
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

function state(s: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): string {
  if (s.revokedAt) return `revoked ${s.revokedAt.toISOString()}`;
  if (s.expiresAt) return s.expiresAt > now ? `valid until ${s.expiresAt.toISOString()} (rotated)` : `expired ${s.expiresAt.toISOString()}`;
  return 'active';
}

/** Runs one command against an open database and returns what it prints. */
export async function runSecretCommand(db: Db, argv: string[], key: Buffer | null): Promise<string> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { organization: { type: 'string' }, overlap: { type: 'string' } } });
  const [command, id] = positionals;
  const organization = async () => {
    const orgId = values.organization ?? (await defaultOrganization(db));
    const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
    if (!org) throw new CliError(`No organization ${orgId}`);
    return org;
  };
  if (command === 'list') {
    const now = new Date();
    const rows = await listSigningSecrets(db);
    return ['id\torganization\tsecret\tcreated\tstate', ...rows.map((r) => [r.id, r.organizationId, r.masked, r.createdAt.toISOString(), state(r, now)].join('\t'))].join('\n');
  }
  if (command === 'create') {
    const org = await organization();
    const created = await createSigningSecret(db, org.id, key);
    await recordAudit(db, { organizationId: org.id, actor: cliActor('secret-cli'), action: 'signing_secret.create', target: { type: 'signing_secret', id: created.id }, outcome: 'success' });
    return `Signing secret ${created.id} for ${org.name} (shown once):\n${created.secret}`;
  }
  if (command === 'rotate') {
    const org = await organization();
    const rotated = await rotateSigningSecret(db, org.id, key, duration(values.overlap ?? '24h'));
    await recordAudit(db, {
      organizationId: org.id,
      actor: cliActor('secret-cli'),
      action: 'signing_secret.rotate',
      target: { type: 'signing_secret', id: rotated.id },
      outcome: 'success',
      details: { previousValidUntil: rotated.previousValidUntil.toISOString() },
    });
    return `Signing secret ${rotated.id} for ${org.name} (shown once):\n${rotated.secret}\nThe previous secrets stay valid until ${rotated.previousValidUntil.toISOString()}.`;
  }
  if (command === 'revoke') {
    if (!id) throw new CliError('revoke needs a secret id (see list)');
    if (!(await revokeSigningSecret(db, id))) throw new CliError(`No active signing secret ${id}`);
    const [secret] = await db.select({ organizationId: signingSecrets.organizationId }).from(signingSecrets).where(eq(signingSecrets.id, id));
    await recordAudit(db, { organizationId: secret?.organizationId ?? null, actor: cliActor('secret-cli'), action: 'signing_secret.revoke', target: { type: 'signing_secret', id }, outcome: 'success' });
    return `Revoked ${id}`;
  }
  throw new CliError(usage);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runCli((db, env) => runSecretCommand(db, process.argv.slice(2), readSealingKey(env.signingSecretKey)));
}
