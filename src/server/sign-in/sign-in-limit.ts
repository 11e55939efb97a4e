import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { signInFailures } from '../db/schema.ts';

/**
 * Failed sign-ins counted in the database (every process and worker sees the same count): per account (the email
 * typed, known or not, so the answer never tells which emails exist) and per client address. At the limit, every
 * attempt is refused with 429 until the oldest failure leaves the window; then the right password works again.
 */
export interface SignInLimits {
  perAccount: number;
  perAddress: number;
  windowMs: number;
}

export const defaultSignInLimits: SignInLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 };

export const accountKey = (email: string) => `account:${email.toLowerCase()}`;
export const addressKey = (address: string) => `address:${address}`;

/** Seconds until an attempt may be made again, or null when under both limits. */
export async function signInRetryAfter(db: Db, limits: SignInLimits, account: string, address: string, now = new Date()): Promise<number | null> {
  const since = new Date(now.getTime() - limits.windowMs);
  let wait = 0;
  for (const [key, limit] of [
    [account, limits.perAccount],
    [address, limits.perAddress],
  ] as const) {
    const rows = await db
      .select({ at: signInFailures.at })
      .from(signInFailures)
      .where(and(eq(signInFailures.key, key), gt(signInFailures.at, since)))
      .orderBy(asc(signInFailures.at));
    if (rows.length < limit) continue;
    // refused until enough failures age out to go below the limit
    const freeing = rows[rows.length - limit];
    if (freeing) wait = Math.max(wait, freeing.at.getTime() + limits.windowMs - now.getTime());
  }
  return wait > 0 ? Math.ceil(wait / 1000) : null;
}

export async function recordSignInFailure(db: Db, limits: SignInLimits, keys: string[], now = new Date()): Promise<void> {
  await db.insert(signInFailures).values(keys.map((key) => ({ key, at: now })));
  await db.delete(signInFailures).where(and(inArray(signInFailures.key, keys), lt(signInFailures.at, new Date(now.getTime() - limits.windowMs))));
}

/** A successful sign-in forgets the account's failures (the address's stay counted). */
export async function clearSignInFailures(db: Db, account: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.key, account));
}
