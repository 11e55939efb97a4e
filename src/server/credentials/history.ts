import { desc, eq } from 'drizzle-orm';
import type { CredentialChange, CredentialHistoryEntry } from '../../contract/credentials.ts';
import type { AuthenticationField } from '../../contract/providers.ts';
import type { Db } from '../db/client.ts';
import { accessTokens, credentialHistory as h } from '../db/schema.ts';
import { offsetOf, type Paging } from '../lists/paging.ts';
import { cappedCount, type TotalCount } from '../lists/total-count.ts';
import { xid } from '../lib/xid.ts';
import { maskSecret } from './authentication-data.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface CredentialState {
  enabled: boolean;
  authenticationData: Record<string, string>;
}

/** What differs between two states, field by field, secret values masked. */
export function diffCredential(before: CredentialState | null, after: CredentialState, fields: AuthenticationField[]): CredentialChange[] {
  const secret = new Set(fields.filter((f) => f.secret).map((f) => f.name));
  const shown = (name: string, value: string | undefined) => (value === undefined ? null : secret.has(name) ? maskSecret(value) : value);
  const changes: CredentialChange[] = [];
  if (before?.enabled !== after.enabled) changes.push({ field: 'enabled', from: before?.enabled ?? null, to: after.enabled });
  const names = [...new Set([...Object.keys(before?.authenticationData ?? {}), ...Object.keys(after.authenticationData)])];
  for (const name of names) {
    const from = before?.authenticationData[name];
    const to = after.authenticationData[name];
    if (from !== to) changes.push({ field: `authenticationData.${name}`, from: shown(name, from), to: shown(name, to) });
  }
  return changes;
}

/** Records a change inside the transaction that makes it. */
export async function recordHistory(tx: Tx | Db, entry: { credentialId: string; tokenId: string; action: 'created' | 'updated'; changes: CredentialChange[] }) {
  await tx.insert(h).values({ id: xid(), ...entry });
}

/** A credential's history, newest first, with the name of the token behind each change. */
export async function findHistory(db: Db, credentialId: string, paging: Paging, extra = 0): Promise<CredentialHistoryEntry[]> {
  const rows = await db
    .select({ id: h.id, credentialId: h.credentialId, action: h.action, actor: accessTokens.name, at: h.at, changes: h.changes })
    .from(h)
    .innerJoin(accessTokens, eq(accessTokens.id, h.tokenId))
    .where(eq(h.credentialId, credentialId))
    .orderBy(desc(h.at), desc(h.id))
    .limit(paging.limit + extra)
    .offset(offsetOf(paging));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

export const countHistory = (db: Db, credentialId: string, cap: number): Promise<TotalCount> => cappedCount(db, h, eq(h.credentialId, credentialId), cap);
