import { z } from 'zod/mini';
import { Timestamp } from './ids.ts';

/**
 * An organization's single sign-on as admins set it (issue 24 item 4): GET, PUT (If-Match) and DELETE
 * /v1/sso/config. The client secret goes in only: answers say whether one is set, never the value. Roles are
 * strings here, checked by the server (422 naming the field): an unknown role, or `merchant_operator` (its merchant
 * is an admin's choice), is refused with the pointer of the mapping row.
 */
export const ssoDefaultScopes = 'openid email profile';
export const ssoDefaultRoleClaim = 'groups';

const text = (max: number, description: string) => z.string().check(z.trim(), z.maxLength(max), z.meta({ description }));

export const SsoRoleMapping = z.object({
  value: text(200, 'A value of the role claim (a group name)'),
  role: text(40, 'The role it gives: admin, onboarding, support or read_only'),
});
export type SsoRoleMapping = z.infer<typeof SsoRoleMapping>;

export const SsoConfigInput = z
  .strictObject({
    issuer: text(2000, 'The OpenID provider’s issuer URL (https; http only on 127.0.0.1 or localhost); checked by discovery on save'),
    clientId: text(500, 'The client id registered with the provider'),
    clientSecret: z.optional(z.string().check(z.maxLength(2000), z.meta({ description: 'The client secret; empty or absent keeps the one set' }))),
    scopes: z.optional(text(500, `Scopes asked for, space-separated; must include openid (absent: ${ssoDefaultScopes})`)),
    allowedDomains: z.array(text(253, 'An email domain (example.com)')).check(z.maxLength(50)),
    roleClaim: z.optional(text(200, `The claim that carries the groups (absent: ${ssoDefaultRoleClaim})`)),
    roleMap: z.array(SsoRoleMapping).check(z.maxLength(50), z.meta({ description: 'In order: the first value the person’s claim holds gives the role' })),
    defaultRole: z.nullable(text(40, 'The role of a domain-allowed newcomer whose claim maps to none; null: refused')),
  })
  .register(z.globalRegistry, { id: 'SsoConfigReplacement', description: 'Body of PUT /v1/sso/config' });
export type SsoConfigInput = z.infer<typeof SsoConfigInput>;

export const SsoConfigSource = z.enum(['environment', 'api']);

export const SsoConfigView = z
  .object({
    source: SsoConfigSource.check(z.meta({ description: 'environment: written from OIDC_* at every start, read-only here; api: set by an admin' })),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean().check(z.meta({ description: 'A client secret is stored (it is never answered)' })),
    scopes: z.string(),
    allowedDomains: z.array(z.string()),
    roleClaim: z.string(),
    roleMap: z.array(SsoRoleMapping),
    defaultRole: z.nullable(z.string()),
    updatedAt: Timestamp,
  })
  .register(z.globalRegistry, { id: 'SsoConfig' });
export type SsoConfigView = z.infer<typeof SsoConfigView>;
