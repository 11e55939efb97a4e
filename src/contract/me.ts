import { z } from 'zod';
import { Scope, TokenMode } from './enums.ts';

export const Me = z
  .object({
    tokenId: z.string(),
    organization: z.object({ id: z.string(), name: z.string() }),
    scopes: z.array(Scope),
    merchantId: z.string().nullable().meta({ description: 'Set when the token is limited to one merchant' }),
    mode: TokenMode,
    merchants: z
      .array(z.object({ id: z.string(), name: z.string(), taxId: z.string().optional().meta({ description: 'CNPJ digits (extension; notifications name it)' }) }))
      .meta({ description: 'Merchants this token can act for' }),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof Me>;
