import { z } from 'zod';
import { ProviderName } from './enums.ts';
import { Xid } from './ids.ts';

export const AuthenticationField = z
  .object({
    name: z.string().meta({ description: 'Key inside authenticationData' }),
    label: z.string(),
    required: z.boolean(),
    pattern: z.string().optional().meta({ description: 'ECMAScript regular expression the whole value must match' }),
    maxLength: z.number().int().positive().optional(),
    secret: z.boolean().meta({ description: 'Secret values are masked to their last 4 characters in responses' }),
    description: z.string().optional(),
  })
  .meta({ id: 'AuthenticationField' });
export type AuthenticationField = z.infer<typeof AuthenticationField>;

export const Provider = z
  .object({
    id: Xid,
    name: ProviderName,
    displayName: z.string(),
    captureType: z.enum(['card_present_emv']),
    authenticationFields: z.array(AuthenticationField),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof Provider>;

export const ProviderList = z.array(Provider);
