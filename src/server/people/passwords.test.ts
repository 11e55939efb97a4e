import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('verifies an Argon2id hash, the same text in another Unicode form too, and refuses another password', async () => {
    const stored = await hashPassword('café au lait tangerine');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'café au lait tangerine')).toBe(true);
    // "é" as e + combining accent (NFD) is the same password once normalised
    expect(await verifyPassword(stored, 'cafe\u0301 au lait tangerine')).toBe(true);
    expect(await verifyPassword(stored, 'cafe au lait tangerine')).toBe(false);
  });

  it('answers false for a person without a password, after the same work as a real check', async () => {
    expect(await verifyPassword(null, 'anything at all, really')).toBe(false);
  });

  it('fails loudly on a stored hash it cannot read instead of calling it a wrong password', async () => {
    await expect(verifyPassword('not-a-phc-string', 'anything at all, really')).rejects.toThrow(/not a readable Argon2 PHC string/);
  });

  it('refuses short, common and email-derived passwords (NIST SP 800-63B), takes long plain phrases', () => {
    expect(passwordProblem('short', { email: 'ana@example.com' })).toMatch(/at least/);
    expect(passwordProblem('passwordpassword', { email: 'ana@example.com' })).not.toBeNull();
    expect(passwordProblem('violet tangerine bicycle', { email: 'ana@example.com' })).toBeNull();
  });
});
