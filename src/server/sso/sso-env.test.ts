import { describe, expect, it } from 'vitest';
import { readOidcEnv } from './sso-env.ts';

const base = { OIDC_ISSUER: 'https://login.example.com/', OIDC_CLIENT_ID: 'console', OIDC_CLIENT_SECRET: 's3cret' };

describe('OIDC_* (the demo organization’s single sign-on)', () => {
  it('is off without OIDC_ISSUER, and reads the mapping, domains and defaults with it', () => {
    expect(readOidcEnv({})).toBeUndefined();
    expect(readOidcEnv({ ...base, OIDC_ROLE_MAP: 'finance=read_only, ops = support,a=b=admin', OIDC_ALLOWED_DOMAINS: 'Acme.example, @corp.example', OIDC_DEFAULT_ROLE: 'read_only' })).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'console',
      clientSecret: 's3cret',
      scopes: 'openid email profile',
      roleClaim: 'groups',
      roleMap: [{ value: 'finance', role: 'read_only' }, { value: 'ops', role: 'support' }, { value: 'a=b', role: 'admin' }],
      defaultRole: 'read_only',
      allowedDomains: ['acme.example', 'corp.example'],
    });
  });

  it('refuses what would not work or would be unsafe, naming the variable', () => {
    expect(() => readOidcEnv({ OIDC_ISSUER: 'https://x.example' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => readOidcEnv({ ...base, OIDC_ISSUER: 'http://login.example.com' })).toThrow(/https/);
    expect(readOidcEnv({ ...base, OIDC_ISSUER: 'http://127.0.0.1:9000' })?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => readOidcEnv({ ...base, OIDC_ROLE_MAP: 'finance=owner' })).toThrow(/OIDC_ROLE_MAP: "owner" is not a role/);
    expect(() => readOidcEnv({ ...base, OIDC_ROLE_MAP: 'shop=merchant_operator' })).toThrow(/needs a merchant/);
    expect(() => readOidcEnv({ ...base, OIDC_ROLE_MAP: 'finance' })).toThrow(/not value=role/);
    expect(() => readOidcEnv({ ...base, OIDC_ALLOWED_DOMAINS: 'not a domain' })).toThrow(/OIDC_ALLOWED_DOMAINS/);
    expect(() => readOidcEnv({ ...base, OIDC_SCOPES: 'email profile' })).toThrow(/openid/);
  });
});
