import { createHash } from 'node:crypto';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';
import { retryAfterHeader } from '../../contract/headers.ts';

export interface StoredResponse {
  statusCode: number;
  body: unknown;
  location: string | null;
}

export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, stable((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Hash of the request a key was first used with: method, path and the body with keys sorted. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${JSON.stringify(stable(body))}`).digest('hex');
}

/** status_code of a claimed key whose first request is still running (no response stored yet) */
const inProgress = 0;
/** a claim older than this is abandoned (its process died mid-request) and may be taken over */
export const abandonedClaimMs = 60_000;

export const defaultIdempotencyTtlHours = 24;

export type Claim = { kind: 'claimed' } | { kind: 'replay'; stored: StoredResponse };

const reused = () =>
  new ApiProblem({
    status: 422,
    type: 'idempotency-key-reused',
    detail: 'This Idempotency-Key was already used with a different request; use a new key for a new request.',
    errors: [{ parameter: 'Idempotency-Key', detail: 'was used with another request' }],
  });

const stillRunning = () =>
  new ApiProblem({
    status: 409,
    type: 'idempotency-key-in-progress',
    detail: 'A request with this Idempotency-Key is still in progress; retry it in a moment to get its response.',
    errors: [{ parameter: 'Idempotency-Key', detail: 'is in use by a request that has not finished' }],
    headers: { [retryAfterHeader]: '1' },
  });

const where = (tokenId: string, key: string) => and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key));

/**
 * Claims (token, key) for this request, or answers it from the first request's stored response. A key whose
 * first request is still running is a 409; a key used with another body a 422; a key older than the TTL, or a
 * claim abandoned by a dead process, is forgotten and claimed anew.
 */
export async function claimKey(db: Db, tokenId: string, key: string, hash: string, ttlHours: number): Promise<Claim> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ tokenId, key, requestHash: hash, statusCode: inProgress, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row] = await db.select().from(idempotencyKeys).where(where(tokenId, key)).limit(1);
    if (!row) continue; // released or swept in between: claim again
    const age = Date.now() - row.createdAt.getTime();
    const expired = age > ttlHours * 3_600_000 || (row.statusCode === inProgress && age > abandonedClaimMs);
    if (expired) {
      await db.delete(idempotencyKeys).where(and(where(tokenId, key), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== hash) throw reused();
    if (row.statusCode === inProgress) throw stillRunning();
    return { kind: 'replay', stored: { statusCode: row.statusCode, body: row.responseBody, location: row.location } };
  }
  throw stillRunning();
}

/** Gives a claimed key back when its request did not succeed, so that a retry runs afresh. */
export async function releaseKey(db: Db, tokenId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(where(tokenId, key), eq(idempotencyKeys.statusCode, inProgress)));
}

/** Forgets stored responses older than the TTL (and abandoned claims); returns how many. */
export async function sweepIdempotencyKeys(db: Db, ttlHours: number, now = new Date()): Promise<number> {
  const expiredBefore = new Date(now.getTime() - ttlHours * 3_600_000);
  const abandonedBefore = new Date(now.getTime() - abandonedClaimMs);
  const swept = await db
    .delete(idempotencyKeys)
    .where(or(lt(idempotencyKeys.createdAt, expiredBefore), and(eq(idempotencyKeys.statusCode, inProgress), lt(idempotencyKeys.createdAt, abandonedBefore))))
    .returning({ key: idempotencyKeys.key });
  return swept.length;
}
