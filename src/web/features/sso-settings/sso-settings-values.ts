import { z } from 'zod/mini';
import type { Problem } from '../../../contract/problem.ts';
import { roleNames, roles, type Role } from '../../../contract/roles.ts';
import { ssoDefaultRoleClaim, ssoDefaultScopes, type SsoConfigInput, type SsoConfigView } from '../../../contract/sso-config.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';

/** The roles a provider's group may give: not a merchant operator (their merchant is an admin's choice). */
export const mappableRoles: Role[] = roleNames.filter((role) => !roles[role].merchantLimited);

/** The form as typed: domains in one field (commas, spaces or lines), the default role '' for none. */
export interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  allowedDomains: string;
  roleClaim: string;
  roleMap: { value: string; role: string }[];
  defaultRole: string;
}

export type SsoFieldName = 'issuer' | 'clientId' | 'clientSecret' | 'scopes' | 'allowedDomains' | 'roleClaim' | 'defaultRole' | `roleMap.${number}.value` | `roleMap.${number}.role`;

export const emptyValues: SsoFormValues = { issuer: '', clientId: '', clientSecret: '', scopes: ssoDefaultScopes, allowedDomains: '', roleClaim: ssoDefaultRoleClaim, roleMap: [], defaultRole: '' };

export const valuesOf = (config: SsoConfigView): SsoFormValues => ({
  issuer: config.issuer,
  clientId: config.clientId,
  clientSecret: '',
  scopes: config.scopes,
  allowedDomains: config.allowedDomains.join(', '),
  roleClaim: config.roleClaim,
  roleMap: config.roleMap.map((m) => ({ ...m })),
  defaultRole: config.defaultRole ?? '',
});

const domains = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const domainPattern = /^@?[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/** What the browser checks before sending (the server checks it all again, and the issuer by discovery). */
export const ssoFormSchema = (t: Translate, secretSet: boolean) =>
  z.object({
    issuer: z.string().check(z.trim(), z.refine(isHttpUrl, t('sso-settings.invalid.issuer'))),
    clientId: z.string().check(z.trim(), z.minLength(1, t('sso-settings.invalid.required'))),
    clientSecret: secretSet ? z.string() : z.string().check(z.minLength(1, t('sso-settings.invalid.secret'))),
    scopes: z.string().check(z.refine((v) => v.split(/\s+/).includes('openid'), t('sso-settings.invalid.scopes'))),
    allowedDomains: z.string().check(z.refine((v) => domains(v).every((d) => domainPattern.test(d)), t('sso-settings.invalid.domains'))),
    roleClaim: z.string().check(z.trim(), z.minLength(1, t('sso-settings.invalid.required'))),
    roleMap: z.array(z.object({ value: z.string().check(z.trim(), z.minLength(1, t('sso-settings.invalid.required'))), role: z.string() })),
    defaultRole: z.string(),
  });

export const inputOf = (values: SsoFormValues): SsoConfigInput => ({
  issuer: values.issuer.trim(),
  clientId: values.clientId.trim(),
  ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
  scopes: values.scopes.trim(),
  allowedDomains: domains(values.allowedDomains),
  roleClaim: values.roleClaim.trim(),
  roleMap: values.roleMap.map((m) => ({ value: m.value.trim(), role: m.role })),
  defaultRole: values.defaultRole === '' ? null : values.defaultRole,
});

/**
 * A refused save (422) → the field each error names, with a message in the user's language (the issuer's with the
 * server's reason: what the provider answered); errors that name no field are left for the banner.
 */
export function fieldErrors(problem: Problem | null, t: Translate): { name: SsoFieldName; message: string }[] {
  return (problem?.errors ?? []).flatMap((error): { name: SsoFieldName; message: string }[] => {
    const parts = (error.pointer ?? '').split('/').filter(Boolean);
    const [field, index, sub] = parts;
    if (field === 'issuer') return [{ name: 'issuer', message: t('sso-settings.invalid.discovery', { detail: error.detail }) }];
    if (field === 'allowedDomains') return [{ name: 'allowedDomains', message: t('sso-settings.invalid.domains') }];
    if (field === 'roleMap' && index !== undefined && (sub === 'role' || sub === 'value')) {
      return [{ name: `roleMap.${Number(index)}.${sub}`, message: sub === 'role' ? t('sso-settings.invalid.role') : t('sso-settings.invalid.required') }];
    }
    if (field === 'defaultRole') return [{ name: 'defaultRole', message: t('sso-settings.invalid.role') }];
    if (field === 'scopes') return [{ name: 'scopes', message: t('sso-settings.invalid.scopes') }];
    if (field === 'clientSecret') return [{ name: 'clientSecret', message: t('sso-settings.invalid.secret') }];
    if (field === 'clientId' || field === 'roleClaim') return [{ name: field, message: t('sso-settings.invalid.required') }];
    return [];
  });
}
