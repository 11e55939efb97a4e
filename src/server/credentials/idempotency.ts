import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { ApiProblem } from '../errors.ts';

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

/** The stored first response for this token and key; 422 when the key came with another request. */
export async function findReplay(db: Db, tokenId: string, key: string, hash: string): Promise<StoredResponse | null> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tokenId, tokenId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return null;
  if (row.requestHash !== hash) {
    throw new ApiProblem({
      status: 422,
      type: 'idempotency-key-reused',
      detail: 'This Idempotency-Key was already used with a different request; use a new key for a new request.',
      errors: [{ parameter: 'Idempotency-Key', detail: 'was used with another request' }],
    });
  }
  return { statusCode: row.statusCode, body: row.responseBody, location: row.location };
}
