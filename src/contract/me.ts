import { z } from 'zod/mini';
import { Scope, TokenMode } from './enums.ts';
import { Role } from './roles.ts';

export const Me = z
  .object({
    tokenId: z.string(),
    organization: z.object({ id: z.string(), name: z.string() }),
    scopes: z.array(Scope),
    merchantId: z.nullable(z.string()).check(z.meta({ description: 'Set when the caller is limited to exactly one merchant (see merchantIds)' })),
    merchantIds: z.nullable(z.array(z.string())).check(
      z.meta({ description: 'The merchants the caller is limited to: a merchant token’s one, a merchant operator’s one or more; null: every merchant (issue 24)' }),
    ),
    mode: TokenMode,
    merchants: z
      .array(z.object({ id: z.string(), name: z.string(), taxId: z.optional(z.string()).check(z.meta({ description: 'CNPJ digits (extension; notifications name it)' })) }))
      .check(z.meta({ description: 'Merchants this token can act for, with name and CNPJ' })),
    person: z.optional(
      z
        .nullable(z.object({ id: z.string(), email: z.string(), name: z.string(), role: Role }))
        .check(z.meta({ description: 'The signed-in person of a dashboard session (issue 24); null for an access token' })),
    ),
  })
  .register(z.globalRegistry, { id: 'Me' });
export type Me = z.infer<typeof Me>;
