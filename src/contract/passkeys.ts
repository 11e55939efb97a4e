import { z } from 'zod/mini';

/**
 * Passkeys (WebAuthn, issue 24): "My account" registers, names, lists and removes them; the sign-in takes one as the
 * second factor after the password, or alone (a discoverable credential with user verification). The ceremonies'
 * options and the authenticator's answers are the WebAuthn JSON forms (PublicKeyCredentialCreationOptionsJSON,
 * RegistrationResponseJSON, …) that the browser and the server libraries exchange; the server checks them.
 */
export const passkeyNameMax = 60;

const passkeyName = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(passkeyNameMax, `must be at most ${passkeyNameMax} characters`));
const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[\w-]*$/, 'must be base64url'));

export const Passkey = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
    backedUp: z.boolean().check(z.meta({ description: 'Synced by its provider (a multi-device passkey)' })),
  })
  .register(z.globalRegistry, { id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.array(Passkey).register(z.globalRegistry, { id: 'PasskeyList' });

export const PasskeyCreationOptions = z
  .looseObject({ challenge: z.string(), rp: z.looseObject({ name: z.string() }), user: z.looseObject({ id: z.string(), name: z.string() }) })
  .check(z.meta({ description: 'PublicKeyCredentialCreationOptionsJSON for navigator.credentials.create (valid 5 minutes, once)' }))
  .register(z.globalRegistry, { id: 'PasskeyCreationOptions' });
export type PasskeyCreationOptions = z.infer<typeof PasskeyCreationOptions>;

export const PasskeyRequestOptions = z
  .looseObject({ challenge: z.string(), rpId: z.optional(z.string()) })
  .check(z.meta({ description: 'PublicKeyCredentialRequestOptionsJSON for navigator.credentials.get (valid 5 minutes, once)' }))
  .register(z.globalRegistry, { id: 'PasskeyRequestOptions' });
export type PasskeyRequestOptions = z.infer<typeof PasskeyRequestOptions>;

const credential = <T extends z.ZodMiniType>(response: T) =>
  z.looseObject({ id: base64url, rawId: base64url, type: z.literal('public-key'), response, clientExtensionResults: z.looseObject({}), authenticatorAttachment: z.optional(z.string()) });

export const PasskeyRegistration = z
  .strictObject({
    name: passkeyName,
    response: credential(z.looseObject({ clientDataJSON: base64url, attestationObject: base64url, transports: z.optional(z.array(z.string().check(z.maxLength(32)))) })).check(
      z.meta({ description: 'RegistrationResponseJSON: what navigator.credentials.create answered' }),
    ),
  })
  .register(z.globalRegistry, { id: 'PasskeyRegistration' });
export type PasskeyRegistration = z.input<typeof PasskeyRegistration>;

export const PasskeyRename = z.strictObject({ name: passkeyName }).register(z.globalRegistry, { id: 'PasskeyRename' });

export const PasskeyRemoval = z
  .strictObject({
    password: z.optional(z.string().check(z.maxLength(1024))).check(z.meta({ description: 'The current password; not needed within 10 minutes of signing in' })),
  })
  .register(z.globalRegistry, { id: 'PasskeyRemoval' });

export const PasskeySignIn = z
  .strictObject({
    challenge: z
      .optional(z.string().check(z.regex(/^[\w-]{20,100}$/)))
      .check(z.meta({ description: "The password step's challenge (the passkey as second factor); absent: a sign-in with the passkey alone" })),
    response: credential(z.looseObject({ clientDataJSON: base64url, authenticatorData: base64url, signature: base64url, userHandle: z.optional(base64url) })).check(
      z.meta({ description: 'AuthenticationResponseJSON: what navigator.credentials.get answered' }),
    ),
  })
  .register(z.globalRegistry, { id: 'PasskeySignIn' });
export type PasskeySignIn = z.input<typeof PasskeySignIn>;

export const PasskeyParams = z.strictObject({ id: z.string().check(z.maxLength(64), z.meta({ description: 'A passkey id from the list' })) });
