import { randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessTokens, dashboardSessions, organizations } from '../db/schema.ts';
import { hashToken, identityColumns, type TokenIdentity } from './token-store.ts';

/** A session ends after this long without a request (SESSION_IDLE_MINUTES). */
export const defaultSessionIdleMinutes = 30;

/** last_seen_at is written at most this often per session, not on every request. */
const touchEveryMs = 60_000;

/**
 * Starts a session for a token (a person's sign-in passes where it came from, for "My account"): returns the random
 * id for the cookie; only its hash is stored. Sessions idle past their time are swept first.
 */
export async function createSession(db: Db, tokenId: string, idleMs: number, origin?: { address: string; userAgent: string | null }): Promise<string> {
  await sweepSessions(db, idleMs);
  const id = randomBytes(32).toString('base64url');
  await db.insert(dashboardSessions).values({ idHash: hashToken(id), tokenId, ...origin });
  return id;
}

export type SessionLookup = { state: 'active'; identity: TokenIdentity } | { state: 'unknown' | 'expired' | 'revoked' };

/** The token behind a session id, refreshing its idle clock; expired or revoked sessions are deleted. */
export async function findSession(db: Db, id: string, idleMs: number, now = new Date()): Promise<SessionLookup> {
  const idHash = hashToken(id);
  const [row] = await db
    .select({ ...identityColumns, lastSeenAt: dashboardSessions.lastSeenAt })
    .from(dashboardSessions)
    .innerJoin(accessTokens, eq(accessTokens.id, dashboardSessions.tokenId))
    .innerJoin(organizations, eq(organizations.id, accessTokens.organizationId))
    .where(eq(dashboardSessions.idHash, idHash))
    .limit(1);
  if (!row) return { state: 'unknown' };
  const { revokedAt, lastSeenAt, ...identity } = row;
  if (revokedAt !== null || now.getTime() - lastSeenAt.getTime() > idleMs) {
    await db.delete(dashboardSessions).where(eq(dashboardSessions.idHash, idHash));
    return { state: revokedAt !== null ? 'revoked' : 'expired' };
  }
  if (now.getTime() - lastSeenAt.getTime() > touchEveryMs) {
    await db.update(dashboardSessions).set({ lastSeenAt: now }).where(eq(dashboardSessions.idHash, idHash));
  }
  return { state: 'active', identity: { ...identity, revoked: false } };
}

/** Sign-out: forgets the session. */
export async function deleteSession(db: Db, id: string): Promise<void> {
  await db.delete(dashboardSessions).where(eq(dashboardSessions.idHash, hashToken(id)));
}

/** Deletes sessions idle for longer than the limit. */
export async function sweepSessions(db: Db, idleMs: number, now = new Date()): Promise<void> {
  await db.delete(dashboardSessions).where(lt(dashboardSessions.lastSeenAt, new Date(now.getTime() - idleMs)));
}
