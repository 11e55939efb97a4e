import { z } from 'zod/mini';
import { CredentialStatus, merchantIdPattern, type CredentialInput } from '../../../contract/credentials.ts';
import type { AuthenticationField, Provider } from '../../../contract/providers.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';
import { fieldMessage } from './field-rules.ts';

export interface CredentialFormValues {
  merchantId: string;
  providerId: string;
  status: 'connected' | 'disconnected';
  authenticationData: Record<string, string>;
}

/** One authentication field's rules from its definition; the message names every rule the value breaks. */
export function fieldSchema(t: Translate, field: AuthenticationField, optional = !field.required): z.ZodMiniType<string | undefined> {
  return z.optional(z.string()).check(
    z.superRefine((value, ctx) => {
      const text = value ?? '';
      if (text === '' && optional) return;
      const message = fieldMessage(t, { ...field, required: !optional }, text);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
}

/** The whole form's schema for the chosen provider (none chosen: only the provider is asked for). */
export function buildCredentialSchema(t: Translate, provider: Provider | undefined): z.ZodMiniType<CredentialFormValues, CredentialFormValues> {
  const auth: Record<string, z.ZodMiniType<string | undefined>> = {};
  for (const field of provider?.authenticationFields ?? []) auth[field.name] = fieldSchema(t, field);
  return z.object({
    merchantId: z.string().check(z.minLength(1, t('credentials.rules.merchantRequired')), z.regex(merchantIdPattern, t('credentials.rules.merchantId'))),
    providerId: z.string().check(z.minLength(1, t('credentials.rules.providerRequired'))),
    status: CredentialStatus,
    authenticationData: z.looseObject(auth),
  }) as unknown as z.ZodMiniType<CredentialFormValues, CredentialFormValues>;
}

/** The request body: only the chosen provider's fields, empty optional ones left out. */
export function toCredentialInput(values: CredentialFormValues, provider: Provider): CredentialInput {
  const authenticationData: Record<string, string> = {};
  for (const field of provider.authenticationFields) {
    const value = values.authenticationData[field.name]?.trim() ?? '';
    if (value !== '') authenticationData[field.name] = value;
  }
  return {
    merchantId: values.merchantId.trim(),
    providerId: provider.id,
    providerName: provider.name,
    authenticationData,
    status: values.status,
  };
}
