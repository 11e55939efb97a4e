import { z } from 'zod';
import { CredentialStatus, merchantIdPattern, type CredentialInput } from '../../../contract/credentials.ts';
import type { AuthenticationField, Provider } from '../../../contract/providers.ts';

export interface CredentialFormValues {
  merchantId: string;
  providerId: string;
  status: 'connected' | 'disconnected';
  authenticationData: Record<string, string>;
}

/** The rules of one authentication field, from its definition: required, maxLength, pattern. */
export function fieldSchema(field: AuthenticationField): z.ZodType<string | undefined> {
  let rule = z.string();
  if (field.maxLength !== undefined) {
    rule = rule.max(field.maxLength, `${field.label} must be at most ${field.maxLength} characters`);
  }
  if (field.pattern !== undefined) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(field.pattern);
    } catch {
      pattern = null;
    }
    if (pattern) {
      const expected = field.description ? ' (see the rule below)' : '';
      rule = rule.regex(pattern, `${field.label} is not in the expected format${expected}`);
    }
  }
  const required = z.string({ error: `${field.label} is required` }).min(1, `${field.label} is required`);
  if (field.required) return required.pipe(rule);
  return z.union([z.literal(''), rule]).optional();
}

/** The whole form's schema for the chosen provider (none chosen: only the provider is asked for). */
export function buildCredentialSchema(provider: Provider | undefined): z.ZodType<CredentialFormValues, CredentialFormValues> {
  const auth: Record<string, z.ZodType<string | undefined>> = {};
  for (const field of provider?.authenticationFields ?? []) auth[field.name] = fieldSchema(field);
  return z.object({
    merchantId: z
      .string()
      .min(1, 'Merchant is required')
      .regex(merchantIdPattern, 'Merchant ID must be 1 to 64 letters, digits, "_" or "-"'),
    providerId: z.string().min(1, 'Choose a provider'),
    status: CredentialStatus,
    authenticationData: z.looseObject(auth),
  }) as unknown as z.ZodType<CredentialFormValues, CredentialFormValues>;
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
