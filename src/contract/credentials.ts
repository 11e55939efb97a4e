import { z } from 'zod/mini';
import { ProviderName } from './enums.ts';
import { Timestamp, Xid } from './ids.ts';
import { listBaseQuery } from './list-query.ts';

export const credentialStatuses = ['connected', 'disconnected'] as const;
export const CredentialStatus = z.enum(credentialStatuses);

export const merchantIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
export const MerchantId = z.string().check(z.regex(merchantIdPattern, 'must be 1 to 64 letters, digits, "_" or "-"'));

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
    status: z.optional(CredentialStatus).check(z.meta({ description: 'connected (default) or disconnected; enabled is true when connected' })),
    additionalData: z.optional(z.record(z.string(), z.unknown())),
  })
  .register(z.globalRegistry, { id: 'NewCredential', description: 'Body of POST /v1/credentials' });
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
  .register(z.globalRegistry, { id: 'Credential' });
export type Credential = z.infer<typeof Credential>;

const booleanText = z.pipe(
  z.enum(['true', 'false'], { message: 'must be true or false' }),
  z.transform((v: 'true' | 'false') => v === 'true'),
);

export const credentialQueryShape = {
  ...listBaseQuery,
  order_by: z._default(z.optional(z.enum(['created_at'])), 'created_at').check(z.meta({ description: 'created_at (ties broken by id)' })),
  merchant_id: z.optional(MerchantId).check(z.meta({ description: 'Only this merchant’s credentials' })),
  provider_id: z.optional(Xid).check(z.meta({ description: 'Only this provider’s credentials (an id from GET /v1/providers)' })),
  enabled: z.optional(booleanText).check(z.meta({ description: 'true: enabled (connected) only; false: disabled only' })),
  q: z
    .optional(z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(64, 'must be at most 64 characters')))
    .check(z.meta({ description: 'Part of a MID or TID (the non-secret authentication values), case-insensitive' })),
};
export const CredentialQuery = z.strictObject(credentialQueryShape);
export type CredentialQuery = z.infer<typeof CredentialQuery>;
export type CredentialQueryInput = z.input<typeof CredentialQuery>;

export const CredentialList = z.array(Credential);

/** Body of PATCH /v1/credentials/{id}: what to change; authenticationData keys replace, omitted keys stay. */
export const CredentialPatch = z
  .strictObject({
    enabled: z.optional(z.boolean()).check(z.meta({ description: 'false disables (a no-op when already disabled); true enables' })),
    authenticationData: z
      .optional(z.record(z.string(), z.string()))
      .check(z.meta({ description: 'Fields to replace; omitted fields keep their value, "" clears an optional one. Never changes enabled.' })),
  })
  .check(z.refine((p) => p.enabled !== undefined || p.authenticationData !== undefined, { message: 'send enabled, authenticationData or both' }))
  .register(z.globalRegistry, { id: 'CredentialPatch', description: 'Body of PATCH /v1/credentials/{id}' });
export type CredentialPatch = z.infer<typeof CredentialPatch>;

export const CredentialChange = z
  .object({
    field: z.string().check(z.meta({ description: 'enabled, or authenticationData.<name>', example: 'authenticationData.terminalIdentifier' })),
    from: z.union([z.string(), z.boolean(), z.null()]),
    to: z.union([z.string(), z.boolean(), z.null()]),
  })
  .register(z.globalRegistry, { id: 'CredentialChange', description: 'One changed value; secret values masked to their last 4 characters' });
export type CredentialChange = z.infer<typeof CredentialChange>;

export const credentialHistoryActions = ['created', 'updated'] as const;

export const CredentialHistoryEntry = z
  .object({
    id: Xid,
    credentialId: Xid,
    action: z.enum(credentialHistoryActions),
    actor: z.string().check(z.meta({ description: 'The name of the access token that made the change' })),
    at: Timestamp,
    changes: z.array(CredentialChange),
  })
  .register(z.globalRegistry, { id: 'CredentialHistoryEntry' });
export type CredentialHistoryEntry = z.infer<typeof CredentialHistoryEntry>;
export const CredentialHistory = z.array(CredentialHistoryEntry);
