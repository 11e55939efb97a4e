import { z } from 'zod';
import { ProviderName } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';

export const credentialStatuses = ['connected', 'disconnected'] as const;
export const CredentialStatus = z.enum(credentialStatuses);

export const merchantIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const MerchantId = z.string().regex(merchantIdPattern, 'must be 1 to 64 letters, digits, "_" or "-"');

/**
 * Body of POST /v1/credentials. authenticationData is checked against the provider's
 * authenticationFields on the server (and in the dashboard's form), so its shape here is open.
 */
export const CredentialInput = z
  .strictObject({
    merchantId: MerchantId,
    providerId: Xid,
    providerName: ProviderName,
    authenticationData: z.record(z.string(), z.string()),
    status: CredentialStatus.optional().meta({ description: 'connected (default) or disconnected; enabled is true when connected' }),
    additionalData: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'NewCredential', description: 'Body of POST /v1/credentials' });
export type CredentialInput = z.infer<typeof CredentialInput>;

export const Credential = z
  .object({
    id: Xid,
    merchantId: z.string(),
    providerId: z.string(),
    subacquirerId: z.string(),
    authenticationData: z.record(z.string(), z.string()),
    testMode: z.boolean(),
    enabled: z.boolean(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Credential' });
export type Credential = z.infer<typeof Credential>;
