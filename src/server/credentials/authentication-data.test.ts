import { describe, expect, it } from 'vitest';
import type { AuthenticationField } from '../../contract/providers.ts';
import { providerCatalog } from '../providers/providers-catalog.ts';
import { checkAuthenticationData, identityKey, maskAuthenticationData } from './authentication-data.ts';

const emv = providerCatalog[0]?.authenticationFields ?? [];
const withSecret: AuthenticationField[] = [...emv, { name: 'apiKey', label: 'API key', required: false, secret: true }];

describe('authenticationData checks', () => {
  it('accepts a valid MID and TID', () => {
    expect(checkAuthenticationData({ merchantIdentifier: 'MID123', terminalIdentifier: 'T1' }, emv)).toEqual([]);
  });

  it('points at each missing, too long, malformed or unknown field', () => {
    const errors = checkAuthenticationData({ merchantIdentifier: '1234567890123456', terminalIdentifier: 'a-b', pin: '1' }, emv);
    expect(errors.map((e) => e.pointer).sort()).toEqual([
      '/authenticationData/merchantIdentifier',
      '/authenticationData/pin',
      '/authenticationData/terminalIdentifier',
    ]);
    expect(checkAuthenticationData({}, emv).map((e) => e.detail)).toEqual(['Merchant ID (MID) is required', 'Terminal ID (TID) is required']);
  });

  it('keys duplicates on non-secret values only, and masks secrets to the last 4', () => {
    const a = identityKey({ merchantIdentifier: 'M', terminalIdentifier: 'T', apiKey: 'one' }, withSecret);
    const b = identityKey({ terminalIdentifier: 'T', merchantIdentifier: 'M', apiKey: 'two' }, withSecret);
    expect(a).toBe(b);
    expect(maskAuthenticationData({ merchantIdentifier: 'M', apiKey: 'sk_live_abcdef1234' }, withSecret)).toEqual({
      merchantIdentifier: 'M',
      apiKey: '****1234',
    });
    expect(maskAuthenticationData({ apiKey: 'abc' }, withSecret)).toEqual({ apiKey: '****' });
  });
});
