import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { maxPasswordLength, minPasswordLength } from '../../contract/people.ts';

/**
 * Argon2id through @node-rs/argon2 (prebuilt binaries, no install script), with OWASP's minimum configuration for
 * Argon2id: 19 MiB of memory, 2 iterations, 1 lane (about 18 ms a hash here; the PHC string keeps the parameters,
 * so raising them later still verifies older hashes).
 */
/** Algorithm.Argon2id (a const enum, not importable as a value under verbatimModuleSyntax) */
const argon2id = 2 as Algorithm;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password.normalize('NFKC'), options);

/** A hash of nothing anyone knows: an unknown email costs the same verification as a known one. */
let decoy: Promise<string> | undefined;

/** True when the password matches; with a null hash (unknown email, no password yet) verifies a decoy and says false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  const target = stored ?? (await (decoy ??= hash(`decoy-${Math.random()}`, options)));
  // a stored hash argon2 cannot read throws (a 500 the log explains), rather than passing for a wrong password that
  // would lock the person out with no trace
  const matches = await verify(target, password.normalize('NFKC')).catch((error: unknown) => {
    throw new Error('the stored password hash is not a readable Argon2 PHC string', { cause: error });
  });
  return stored !== null && matches;
}

/** The 49 233 most common passwords of zxcvbn-ts's maintained list (language-common), lower-cased. */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));

/**
 * NIST SP 800-63B: length over composition (any characters, spaces and emoji included; no rules about digits or
 * symbols), refused when common or built from the account's own email. Returns why it is refused, or null.
 */
export function passwordProblem(password: string, context: { email: string }): string | null {
  const length = [...password.normalize('NFKC')].length;
  if (length < minPasswordLength) return `must be at least ${minPasswordLength} characters`;
  if (length > maxPasswordLength) return `must be at most ${maxPasswordLength} characters`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower) || /^(.)\1+$/.test(password)) return 'is one of the most common passwords: choose another';
  const local = context.email.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 4 && lower.includes(local)) return 'must not contain your email address';
  return null;
}
