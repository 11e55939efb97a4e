import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopes } from '../contract/enums.ts';
import { findToken, hashToken } from './auth/token-store.ts';
import { prepareDatabase, type Prepared } from './bootstrap.ts';
import { accessTokens } from './db/schema.ts';
import { demoOrganization } from './seed/demo.ts';
import { runTokenCommand } from './token-cli.ts';

describe('token CLI on a first-start database', () => {
  let prepared: Prepared;
  beforeAll(async () => {
    prepared = await prepareDatabase({ dataDir: 'memory://', databaseUrl: undefined, demoAccessToken: 'acq_test_fixed_demo_token', seedSummaries: 20, seed: 3 });
  });
  afterAll(async () => prepared?.database.close());

  it('seeds the demo organization and mints the demo token (all scopes, test mode)', async () => {
    expect(prepared.firstStart).toBe(true);
    expect(prepared.demoToken).toBe('acq_test_fixed_demo_token');
    const identity = await findToken(prepared.database.db, 'acq_test_fixed_demo_token');
    expect(identity).toMatchObject({ organizationId: demoOrganization.id, mode: 'test', merchantIds: null, revoked: false });
    expect(identity?.scopes).toEqual([...scopes]);
  });

  it('creates, lists and revokes tokens, storing only hashes', async () => {
    const db = prepared.database.db;
    const out = await runTokenCommand(db, ['create', '--name', 'ops', '--scopes', 'events:read,transactions:read', '--mode', 'live']);
    const token = out.split('\n')[1] ?? '';
    expect(token).toMatch(/^acq_live_[A-Za-z0-9_-]{43}$/);
    const id = /Token (\S+)/.exec(out)?.[1] ?? '';
    const rows = await db.select().from(accessTokens);
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    const list = await runTokenCommand(db, ['list']);
    expect(list).toContain(id);
    expect(list).toContain('events:read,transactions:read\tlive');
    expect(list).not.toContain(token);

    expect(await runTokenCommand(db, ['revoke', id])).toBe(`Revoked ${id}`);
    expect((await findToken(db, token))?.revoked).toBe(true);
    expect(await runTokenCommand(db, ['list'])).toMatch(new RegExp(`${id}.*revoked`));
    await expect(runTokenCommand(db, ['revoke', id])).rejects.toThrow(/No active token/);
  });

  it('limits a token to a merchant of the organization and rejects bad input', async () => {
    const db = prepared.database.db;
    const [merchant] = await db.query.merchants.findMany({ limit: 1 });
    const out = await runTokenCommand(db, ['create', '--name', 'shop', '--scopes', 'transactions:read', '--mode', 'test', '--merchant', merchant?.id ?? '']);
    expect((await findToken(db, out.split('\n')[1] ?? ''))?.merchantIds).toEqual([merchant?.id]);
    await expect(runTokenCommand(db, ['create', '--name', 'x', '--scopes', 'admin', '--mode', 'test'])).rejects.toThrow(/scopes/);
    await expect(runTokenCommand(db, ['create', '--name', 'x', '--scopes', 'events:read', '--mode', 'prod'])).rejects.toThrow(/mode/);
    await expect(runTokenCommand(db, ['create', '--name', 'x', '--scopes', 'events:read', '--mode', 'test', '--merchant', 'nope'])).rejects.toThrow(/No merchant/);
    await expect(runTokenCommand(db, ['create', '--name', 'x', '--scopes', 'events:read', '--mode', 'test', '--organization', 'nope'])).rejects.toThrow(/No organization/);
    await expect(runTokenCommand(db, ['frobnicate'])).rejects.toThrow(/Usage/);
  });
});
