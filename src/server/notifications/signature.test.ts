import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, parseSignatureHeader, signatureHeaderValue } from './signature.ts';
import { openSecret, readSealingKey, sealSecret } from './signing-secrets.ts';

const body = Buffer.from('{"eventId":"e1","amount":100}');
const now = 1_800_000_000;
/** computed here independently of computeSignature */
const hmac = (secret: string, t: number, raw: Buffer) => createHmac('sha256', secret).update(Buffer.concat([Buffer.from(`${t}.`), raw])).digest('hex');

describe('notification signatures', () => {
  it('accepts t=<seconds>,v1=<HMAC-SHA256 of "t.body">', () => {
    expect(checkSignature(`t=${now},v1=${hmac('s1', now, body)}`, body, ['s1'], now)).toBe('valid');
    expect(signatureHeaderValue('s1', body, now)).toBe(`t=${now},v1=${hmac('s1', now, body)}`);
  });

  it('refuses a wrong secret, a tampered body, a stale or future timestamp, and malformed headers', () => {
    const header = `t=${now},v1=${hmac('s1', now, body)}`;
    expect(checkSignature(header, body, ['other'], now)).toBe('mismatch');
    expect(checkSignature(header, Buffer.from('{"eventId":"e1","amount":101}'), ['s1'], now)).toBe('mismatch');
    expect(checkSignature(header, body, ['s1'], now + 301)).toBe('stale');
    expect(checkSignature(header, body, ['s1'], now - 301)).toBe('stale');
    expect(checkSignature(header, body, ['s1'], now + 299)).toBe('valid');
    expect(checkSignature(`t=${now + 1},v1=${hmac('s1', now, body)}`, body, ['s1'], now)).toBe('mismatch');
    expect(checkSignature(undefined, body, ['s1'], now)).toBe('missing');
    expect(checkSignature('v1=abc', body, ['s1'], now)).toBe('malformed');
    expect(parseSignatureHeader(`t=x,v1=${'0'.repeat(64)}`)).toBeNull();
  });

  it('accepts any of the valid secrets (two during a rotation)', () => {
    const header = `t=${now},v1=${hmac('new', now, body)}`;
    expect(checkSignature(header, body, ['old', 'new'], now)).toBe('valid');
    expect(checkSignature(header, body, ['old'], now)).toBe('mismatch');
  });

  it('seals secrets with AES-256-GCM when a key is set, and refuses a wrong key', () => {
    const key = readSealingKey('11'.repeat(32));
    const sealed = sealSecret('whsec_abc', key);
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret(sealed, key)).toBe('whsec_abc');
    expect(() => openSecret(sealed, readSealingKey('22'.repeat(32)))).toThrow();
    expect(openSecret(sealSecret('whsec_abc', null), null)).toBe('whsec_abc');
    expect(() => readSealingKey('short')).toThrow(/32 bytes/);
  });
});
