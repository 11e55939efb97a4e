import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { TokenMode } from '../contract/enums.ts';
import { Role, roleNames } from '../contract/roles.ts';
import { cliActor, recordAudit, type AuditRecord } from './audit/record.ts';
import { CliError, defaultOrganization, runCli } from './cli.ts';
import type { Db } from './db/client.ts';
import { organizations } from './db/schema.ts';
import { ApiProblem } from './errors.ts';
import { invitationLink, smtpMailer, type InvitationMailer } from './people/invitation-mail.ts';
import { inviteEmail } from './people/invitations.ts';
import { hashPassword } from './people/passwords.ts';
import { changePerson, createPerson, endSessions, findPersonByEmail, resetSecondFactor } from './people/people-store.ts';
import { merchantIdsOf } from './people/person-merchants.ts';
import type { RuntimeEnv } from './runtime-env.ts';

const usage = `Usage: npm run user -- <command>
  create --email E --role R [--name N] [--merchant M]... [--mode test|live] [--organization ORG]   an active person; prints a random password once
  invite --email E --role R [--name N] [--merchant M]... [--mode test|live] [--organization ORG]   mails the invitation (SMTP_URL) or prints its link
  reset-mfa <email>                                                                             removes the authenticator app, recovery codes and passkeys
  disable <email>                                                                               ends their sessions; the last admin stays
Roles: ${roleNames.join(', ')}; a merchant_operator names one or more merchants (--merchant A --merchant B)`;

export interface UserCliContext {
  mailer: InvitationMailer | null;
  /** the dashboard's address for invitation links (PUBLIC_URL, else http://HOST:PORT) */
  dashboardUrl: string;
}

const tool = 'user-cli';

/** Runs one command against an open database and returns what it prints. Every change is on the audit trail (system actor, OS user). */
export async function runUserCommand(db: Db, argv: string[], context: UserCliContext): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, merchant: { type: 'string', multiple: true }, mode: { type: 'string' }, organization: { type: 'string' } },
  });
  const [command, target] = positionals;
  const audit = (entry: Omit<AuditRecord, 'actor' | 'outcome'>) => recordAudit(db, { ...entry, actor: cliActor(tool), outcome: 'success' });
  try {
    if (command === 'create' || command === 'invite') {
      const email = values.email?.trim().toLowerCase();
      if (!email || !/^[^@\s]+@[^@\s]+$/.test(email)) throw new CliError('--email must be an email address');
      const role = Role.safeParse(values.role);
      if (!role.success) throw new CliError(`--role must be one of ${roleNames.join(', ')}`);
      const mode = TokenMode.safeParse(values.mode ?? 'test');
      if (!mode.success) throw new CliError('--mode must be test or live');
      const organizationId = values.organization ?? (await defaultOrganization(db));
      const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
      if (!org) throw new CliError(`No organization ${organizationId}`);
      const name = values.name ?? email.split('@')[0] ?? email;
      if (command === 'create') {
        const password = randomBytes(18).toString('base64url');
        const person = await createPerson(db, { organizationId, email, name, role: role.data, merchantIds: values.merchant ?? null, status: 'active', mode: mode.data, passwordHash: await hashPassword(password) });
        await audit({ organizationId, action: 'person.create', target: { type: 'person', id: person.id }, details: { email, role: role.data, merchantIds: await merchantIdsOf(db, person.id) } });
        return `Person ${person.id} ${email} (${role.data}) in ${org.name}; password (shown once, change it under My account):\n${password}`;
      }
      const issued = await inviteEmail(db, { email, name, role: role.data, merchantIds: values.merchant ?? [], organizationId, invitedBy: null, mode: mode.data });
      const link = invitationLink(context.dashboardUrl, issued.token);
      if (context.mailer) await context.mailer.send({ to: email, name, inviter: org.name, organization: org.name, link });
      await audit({ organizationId, action: 'person.invite', target: { type: 'person', id: issued.person.id }, details: { email, role: role.data, merchantIds: await merchantIdsOf(db, issued.person.id), delivery: context.mailer ? 'email' : 'link' } });
      const until = issued.expiresAt.toISOString();
      return context.mailer ? `Invitation mailed to ${email} (valid until ${until})` : `Invitation for ${email} (valid until ${until}, works once; pass it on):\n${link}`;
    }
    if (command === 'reset-mfa' || command === 'disable') {
      if (!target) throw new CliError(`${command} needs the person's email`);
      const person = await findPersonByEmail(db, target);
      if (!person) throw new CliError(`No person ${target}`);
      if (command === 'disable') {
        await changePerson(db, person, { status: 'disabled' });
        await audit({ organizationId: person.organizationId, action: 'person.update', target: { type: 'person', id: person.id }, details: { from: { status: person.status }, to: { status: 'disabled' } } });
        return `Disabled ${person.email}; their sessions ended`;
      }
      await db.transaction(async (tx) => {
        await resetSecondFactor(tx, person.id);
        await endSessions(tx, person.id);
      });
      await audit({ organizationId: person.organizationId, action: 'person.second_factor_reset', target: { type: 'person', id: person.id } });
      return `Second factor of ${person.email} removed; their sessions ended (they sign in with the password and enrol again)`;
    }
  } catch (error) {
    // the stores' refusals (email taken, last admin, merchant) are the CLI's messages too
    if (error instanceof ApiProblem) throw new CliError(error.message);
    throw error;
  }
  throw new CliError(usage);
}

export const userCliContext = (env: RuntimeEnv): UserCliContext => ({
  mailer: env.smtpUrl ? smtpMailer(env.smtpUrl, env.smtpFrom) : null,
  dashboardUrl: env.publicUrl ?? `http://${env.host}:${env.port}`,
});

if (import.meta.url === `file://${process.argv[1]}`) await runCli((db, env) => runUserCommand(db, process.argv.slice(2), userCliContext(env)));
