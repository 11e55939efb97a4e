import { z } from 'zod';
import { ProviderName } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';
import { listBaseQuery } from './list-query.ts';

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

const booleanText = z
  .enum(['true', 'false'], { message: 'must be true or false' })
  .transform((v) => v === 'true');

export const credentialQueryShape = {
  ...listBaseQuery,
  order_by: z.enum(['created_at']).optional().default('created_at').meta({ description: 'created_at (ties broken by id)' }),
  merchant_id: MerchantId.optional().meta({ description: 'Only this merchant’s credentials' }),
  provider_id: Xid.optional().meta({ description: 'Only this provider’s credentials (an id from GET /v1/providers)' }),
  enabled: booleanText.optional().meta({ description: 'true: enabled (connected) only; false: disabled only' }),
  q: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .optional()
    .meta({ description: 'Part of a MID or TID (the non-secret authentication values), case-insensitive' }),
};
export const CredentialQuery = z.strictObject(credentialQueryShape);
export type CredentialQuery = z.infer<typeof CredentialQuery>;
export type CredentialQueryInput = z.input<typeof CredentialQuery>;

export const CredentialList = z.array(Credential);

/** Body of PATCH /v1/credentials/{id}: what to change; authenticationData keys replace, omitted keys stay. */
export const CredentialPatch = z
  .strictObject({
    enabled: z.boolean().optional().meta({ description: 'false disables (a no-op when already disabled); true enables' }),
    authenticationData: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'Fields to replace; omitted fields keep their value, "" clears an optional one. Never changes enabled.' }),
  })
  .refine((p) => p.enabled !== undefined || p.authenticationData !== undefined, { message: 'send enabled, authenticationData or both' })
  .meta({ id: 'CredentialPatch', description: 'Body of PATCH /v1/credentials/{id}' });
export type CredentialPatch = z.infer<typeof CredentialPatch>;

export const CredentialChange = z
  .object({
    field: z.string().meta({ description: 'enabled, or authenticationData.<name>', example: 'authenticationData.terminalIdentifier' }),
    from: z.union([z.string(), z.boolean(), z.null()]),
    to: z.union([z.string(), z.boolean(), z.null()]),
  })
  .meta({ id: 'CredentialChange', description: 'One changed value; secret values masked to their last 4 characters' });
export type CredentialChange = z.infer<typeof CredentialChange>;

export const credentialHistoryActions = ['created', 'updated'] as const;

export const CredentialHistoryEntry = z
  .object({
    id: Xid,
    credentialId: Xid,
    action: z.enum(credentialHistoryActions),
    actor: z.string().meta({ description: 'The name of the access token that made the change' }),
    at: Timestamp,
    changes: z.array(CredentialChange),
  })
  .meta({ id: 'CredentialHistoryEntry' });
export type CredentialHistoryEntry = z.infer<typeof CredentialHistoryEntry>;
export const CredentialHistory = z.array(CredentialHistoryEntry);
