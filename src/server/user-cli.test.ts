import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase, type Prepared } from './bootstrap.ts';
import { auditEntries, merchants, passkeys, people } from './db/schema.ts';
import { acceptInvitation } from './people/invitations.ts';
import { verifyPassword } from './people/passwords.ts';
import { findPersonByEmail } from './people/people-store.ts';
import { merchantIdsOf } from './people/person-merchants.ts';
import { runUserCommand } from './user-cli.ts';

const context = { mailer: null, dashboardUrl: 'https://console.example' };

describe('user CLI on a first-start database', () => {
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepareDatabase({ dataDir: 'memory://', databaseUrl: undefined, demoAccessToken: undefined, seedSummaries: 5, seed: 3, demoAdminEmail: 'root@cli.example', demoAdminPassword: 'plum violin lantern harbor' });
  });
  afterAll(async () => prepared?.database.close());
  const run = (...argv: string[]) => runUserCommand(prepared.database.db, argv, context);

  it('creates an active person with a random password printed once, stored only as Argon2id', async () => {
    const out = await run('create', '--email', 'Ops@CLI.example', '--role', 'support', '--name', 'Ops');
    const password = out.split('\n')[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const person = await findPersonByEmail(prepared.database.db, 'ops@cli.example');
    expect(person).toMatchObject({ role: 'support', status: 'active', name: 'Ops' });
    expect(person?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(person?.passwordHash ?? null, password)).toBe(true);
    await expect(run('create', '--email', 'ops@cli.example', '--role', 'support')).rejects.toThrow(/already has an account/);
    await expect(run('create', '--email', 'x@cli.example', '--role', 'owner')).rejects.toThrow(/--role must be one of/);
    await expect(run('create', '--email', 'y@cli.example', '--role', 'merchant_operator')).rejects.toThrow(/merchantId/);
  });

  it('invites: prints a link that works once', async () => {
    const out = await run('invite', '--email', 'new@cli.example', '--role', 'read_only');
    const link = out.split('\n')[1] ?? '';
    expect(link).toMatch(/^https:\/\/console\.example\/invitation#token=[\w-]{43}$/);
    const token = link.split('#token=')[1] ?? '';
    const person = await acceptInvitation(prepared.database.db, { token, password: 'a new person passphrase' });
    expect(person).toMatchObject({ email: 'new@cli.example', status: 'active', role: 'read_only' });
    await expect(acceptInvitation(prepared.database.db, { token, password: 'a new person passphrase' })).rejects.toThrow(/already used/);
  });

  it('invites a merchant operator of two merchants with a repeated --merchant, recorded on the audit trail', async () => {
    const db = prepared.database.db;
    const [a, b] = (await db.select({ id: merchants.id }).from(merchants).orderBy(merchants.id)).map((m) => m.id);
    if (!a || !b) throw new Error('the demo has fewer than two merchants');
    await run('invite', '--email', 'op@cli.example', '--role', 'merchant_operator', '--merchant', b, '--merchant', a);
    const person = await findPersonByEmail(db, 'op@cli.example');
    expect(await merchantIdsOf(db, person?.id ?? '')).toEqual([a, b]);
    const [entry] = await db.select().from(auditEntries).where(eq(auditEntries.targetId, person?.id ?? ''));
    expect(entry?.details).toMatchObject({ role: 'merchant_operator', merchantIds: [a, b] });
    await expect(run('invite', '--email', 'op2@cli.example', '--role', 'support', '--merchant', a)).rejects.toThrow(/acts for every merchant/);
  });

  it('resets a second factor and disables; the last admin is not disabled; every change audited as the OS user', async () => {
    const db = prepared.database.db;
    await db.update(people).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(people.email, 'ops@cli.example'));
    const ops = await findPersonByEmail(db, 'ops@cli.example');
    await db.insert(passkeys).values({ id: 'pk-cli-test', personId: ops?.id ?? '', credentialId: 'cred-cli-test', publicKey: 'AA', deviceType: 'singleDevice', name: 'Laptop' });
    expect(await run('reset-mfa', 'ops@cli.example')).toMatch(/Second factor of ops@cli.example removed/);
    expect((await findPersonByEmail(db, 'ops@cli.example'))?.totpSecret).toBeNull();
    expect(await db.select().from(passkeys).where(eq(passkeys.personId, ops?.id ?? ''))).toEqual([]);
    expect(await run('disable', 'ops@cli.example')).toMatch(/Disabled/);
    expect((await findPersonByEmail(db, 'ops@cli.example'))?.status).toBe('disabled');
    await expect(run('disable', 'root@cli.example')).rejects.toThrow(/last admin/);
    await expect(run('disable', 'nobody@cli.example')).rejects.toThrow(/No person/);
    await expect(run('frobnicate')).rejects.toThrow(/Usage/);

    const entries = await db.select().from(auditEntries).where(eq(auditEntries.actorId, `user-cli:${os.userInfo().username}`));
    expect(entries.map((e) => e.action).sort()).toEqual(['person.create', 'person.invite', 'person.invite', 'person.second_factor_reset', 'person.update']);
    expect(entries.every((e) => e.actorKind === 'system')).toBe(true);
    expect(JSON.stringify(entries.map((e) => e.details))).not.toContain('#token=');
  });
});
