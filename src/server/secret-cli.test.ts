import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validSigningSecrets } from './notifications/signing-secrets.ts';
import { runSecretCommand } from './secret-cli.ts';
import { createTestDatabase, insertOrganization, type TestDatabase } from './test/harness.ts';

describe('secret CLI', () => {
  let t: TestDatabase;
  const key = Buffer.alloc(32, 7);
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    await insertOrganization(t.database, 'orgsecrets', []);
  });
  afterAll(async () => t?.dispose());

  it('creates, lists masked, rotates with an overlap and revokes, sealing secrets at rest', async () => {
    const created = await runSecretCommand(t.database.db, ['create'], key);
    const first = created.split('\n')[1] ?? '';
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await t.database.query<{ secret_sealed: string }>('select secret_sealed from signing_secrets');
    expect(stored[0]?.secret_sealed).toMatch(/^aes-256-gcm:/);
    expect(stored[0]?.secret_sealed).not.toContain(first);
    const rotated = await runSecretCommand(t.database.db, ['rotate', '--overlap', '1h'], key);
    const second = rotated.split('\n')[1] ?? '';
    expect(rotated).toMatch(/previous secrets stay valid until/);
    expect((await validSigningSecrets(t.database.db, 'orgsecrets', key)).sort()).toEqual([first, second].sort());
    const list = await runSecretCommand(t.database.db, ['list'], key);
    expect(list).not.toContain(first);
    expect(list).not.toContain(second);
    expect(list).toContain(`whsec_****${first.slice(-4)}`);
    expect(list).toMatch(/valid until .* \(rotated\)/);
    const firstId = list.split('\n').find((l) => l.includes(first.slice(-4)))?.split('\t')[0] ?? '';
    expect(await runSecretCommand(t.database.db, ['revoke', firstId], key)).toBe(`Revoked ${firstId}`);
    expect(await validSigningSecrets(t.database.db, 'orgsecrets', key)).toEqual([second]);
    await expect(runSecretCommand(t.database.db, ['rotate', '--overlap', 'soon'], key)).rejects.toThrow(/--overlap/);
  });
});
