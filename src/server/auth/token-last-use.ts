import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accessTokens } from '../db/schema.ts';

/** A token's last use is written at most this often (per process, and across processes by the statement's condition). */
export const lastUseIntervalMs = 60_000;
const maxTracked = 10_000;

/**
 * Records when a machine token was last used, cheaply: one UPDATE per token per minute at most, not awaited by the
 * request (a failure is logged and the next minute tries again).
 */
export class TokenLastUse {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  note(tokenId: string): void {
    const at = this.now();
    const before = this.written.get(tokenId);
    if (before !== undefined && at - before < lastUseIntervalMs) return;
    if (this.written.size >= maxTracked) this.written.clear();
    this.written.set(tokenId, at);
    const stale = sql`now() - ${`${lastUseIntervalMs} milliseconds`}::interval`;
    this.db
      .update(accessTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(accessTokens.id, tokenId), or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, stale))))
      .then(
        () => undefined,
        (error: unknown) => {
          this.written.delete(tokenId);
          this.onError(error);
        },
      );
  }
}
