import { z } from 'zod/mini';
import { ProviderName } from './enums.ts';
import { Xid } from './ids.ts';

export const AuthenticationField = z
  .object({
    name: z.string().check(z.meta({ description: 'Key inside authenticationData' })),
    label: z.string(),
    required: z.boolean(),
    pattern: z.optional(z.string()).check(z.meta({ description: 'ECMAScript regular expression the whole value must match' })),
    maxLength: z.optional(z.number().check(z.int(), z.positive())),
    secret: z.boolean().check(z.meta({ description: 'Secret values are masked to their last 4 characters in responses' })),
    description: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'AuthenticationField' });
export type AuthenticationField = z.infer<typeof AuthenticationField>;

export const Provider = z
  .object({
    id: Xid,
    name: ProviderName,
    displayName: z.string(),
    captureType: z.enum(['card_present_emv']),
    authenticationFields: z.array(AuthenticationField),
  })
  .register(z.globalRegistry, { id: 'Provider' });
export type Provider = z.infer<typeof Provider>;

export const ProviderList = z.array(Provider);
