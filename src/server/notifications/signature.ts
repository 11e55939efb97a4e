import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signatures older or newer than this are refused (replay protection). */
export const signatureToleranceSeconds = 300;

/** hex HMAC-SHA256 of `<t>.<raw body>` with the organization's signing secret. */
export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** The `X-Signature` header value for a body signed now (or at `timestamp`). */
export function signatureHeaderValue(secret: string, rawBody: string | Buffer, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${computeSignature(secret, timestamp, rawBody)}`;
}

export interface ParsedSignature {
  timestamp: number;
  signatures: string[];
}

/** `t=<unix seconds>,v1=<hex>[,v1=<hex>...]`; null when malformed. */
export function parseSignatureHeader(header: string | undefined): ParsedSignature | null {
  if (!header) return null;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export type SignatureCheck = 'valid' | 'missing' | 'malformed' | 'stale' | 'mismatch';

/** Checks a header against every currently valid secret, comparing in constant time. */
export function checkSignature(header: string | undefined, rawBody: Buffer, secrets: readonly string[], nowSeconds = Date.now() / 1000): SignatureCheck {
  if (header === undefined || header === '') return 'missing';
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'malformed';
  if (Math.abs(nowSeconds - parsed.timestamp) > signatureToleranceSeconds) return 'stale';
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(computeSignature(secret, parsed.timestamp, rawBody), 'hex');
    for (const given of parsed.signatures) {
      // every pair is compared (no early exit) so the time taken does not tell which secret matched
      if (timingSafeEqual(expected, Buffer.from(given, 'hex'))) matched = true;
    }
  }
  return matched ? 'valid' : 'mismatch';
}
