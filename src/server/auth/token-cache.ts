import type { Db } from '../db/client.ts';
import { findTokenByHash, hashToken, type TokenIdentity } from './token-store.ts';

/**
 * Seconds a bearer token's lookup is reused by one process (TOKEN_CACHE_SECONDS). A revocation (npm run
 * token -- revoke, in any process) is honoured by every server process within this bound; 0 looks the token
 * up on every request.
 */
export const defaultTokenCacheSeconds = 5;

/** Entries kept at most; the oldest is dropped first (a flood of distinct tokens cannot grow the heap). */
const maxEntries = 10_000;

interface Entry {
  identity: Promise<TokenIdentity | null>;
  until: number;
}

/**
 * findToken with a per-process cache keyed by the token's SHA-256 (the token itself is never kept). Only
 * found tokens are cached, so a token created a moment ago works at once; unknown tokens are looked up every
 * time (their failures go through the authentication rate limit). Concurrent requests share one lookup.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async find(token: string): Promise<TokenIdentity | null> {
    const key = hashToken(token);
    if (this.ttlMs <= 0) return findTokenByHash(this.db, key);
    const at = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.until > at) return cached.identity;
    if (cached) this.entries.delete(key);
    const identity = findTokenByHash(this.db, key);
    const entry: Entry = { identity, until: at + this.ttlMs };
    this.entries.set(key, entry);
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value ?? '');
    // an unknown token (or a failed lookup) is not remembered
    identity.then(
      (found) => {
        if (found === null && this.entries.get(key) === entry) this.entries.delete(key);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return identity;
  }

  get size(): number {
    return this.entries.size;
  }
}
