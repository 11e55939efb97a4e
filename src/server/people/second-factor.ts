import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/** RFC 6238 TOTP as authenticator apps expect it: SHA-1, 6 digits, 30 s; one step either side for clock drift. */
const period = 30;
const issuer = 'Acquirer Console';

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label: string) => new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });

export function totpEnrolment(secret: string, email: string): { secret: string; uri: string; qrCode: string } {
  const uri = totpOf(secret, email).toString();
  const svg = renderSVG(uri, { border: 2 });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}` };
}

/**
 * The time step of a valid code, or null. A step at or before `lastStep` (the last one accepted) is refused, so an
 * observed code cannot be replayed within its window.
 */
export function acceptTotp(secret: string, code: string, lastStep: number | null, now = Date.now()): number | null {
  const delta = totpOf(secret, '').validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / period) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Ten one-time recovery codes, xxxxx-xxxxx of an alphabet without look-alikes (about 50 bits each). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Stored form of a recovery code: SHA-256 over the person id and the normalised code. */
export const recoveryCodeHash = (personId: string, code: string): string =>
  createHash('sha256').update(`${personId}\u0000${code.toLowerCase().replace(/-/g, '')}`).digest('hex');
