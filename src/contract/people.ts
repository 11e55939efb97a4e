import { z } from 'zod/mini';
import { Scope, TokenMode } from './enums.ts';
import { listBaseQuery } from './list-query.ts';
import { PasskeyRequestOptions } from './passkeys.ts';
import { Role } from './roles.ts';

/**
 * People, sign-in, "My account" and API tokens (issue 24): the shapes both halves use. Passwords follow NIST SP
 * 800-63B: length over composition (at least 15 characters — NIST SP 800-63B rev. 4 for a password that may be the only factor —, at most 128, any characters), a list of common ones refused.
 */
export const minPasswordLength = 15;
export const maxPasswordLength = 128;

const email = z.string().check(z.trim(), z.maxLength(254), z.email({ message: 'must be an email address' }), z.toLowerCase());
const password = z.string().check(z.maxLength(maxPasswordLength, `must be at most ${maxPasswordLength} characters`));
/** A new password: its length here; the common-password list is checked by the server (it holds the list). */
export const NewPassword = z
  .string()
  .check(z.minLength(minPasswordLength, `must be at least ${minPasswordLength} characters`), z.maxLength(maxPasswordLength, `must be at most ${maxPasswordLength} characters`));
const code = z.string().check(z.trim(), z.regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, 'must be a 6-digit code from the authenticator app, or a recovery code'));

export const SignInRequest = z.strictObject({ email, password }).register(z.globalRegistry, { id: 'SignInRequest' });
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SecondFactorRequest = z.strictObject({ challenge: z.string().check(z.regex(/^[\w-]{20,100}$/)), code }).register(z.globalRegistry, { id: 'SecondFactorRequest' });
export type SecondFactorRequest = z.infer<typeof SecondFactorRequest>;

/** A sign-in step's answer: signed in (the session cookie is set), or the second factor is awaited. */
export const SignInResult = z
  .object({
    next: z.enum(['signed_in', 'second_factor']),
    challenge: z.optional(z.string()).check(z.meta({ description: 'With next=second_factor: send it back with the code (valid 5 minutes)' })),
    secondFactorEnrolled: z.boolean().check(z.meta({ description: 'false: the dashboard asks the person to enrol one' })),
    passkey: z.optional(PasskeyRequestOptions).check(z.meta({ description: 'With next=second_factor, for a person with passkeys: the options for navigator.credentials.get; send its answer to POST /v1/sign-in/passkey with the challenge' })),
  })
  .register(z.globalRegistry, { id: 'SignInResult' });
export type SignInResult = z.infer<typeof SignInResult>;

export const PersonStatus = z.enum(['active', 'invited', 'disabled']);

/** A merchant a merchant operator acts for, named for display (the people list, the shell's merchant switch). */
export const PersonMerchant = z.object({ id: z.string(), name: z.string(), taxId: z.string() }).register(z.globalRegistry, { id: 'PersonMerchant' });
export type PersonMerchant = z.infer<typeof PersonMerchant>;

/** The merchants of a merchant operator in a request: one or more ids (the server refuses them for other roles). */
const merchantIds = z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(200, 'must name at most 200 merchants'));

export const Person = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: Role,
    merchantIds: z.array(z.string()).check(z.meta({ description: 'The merchants a merchant operator acts for (one or more); empty for the other roles' })),
    merchants: z.array(PersonMerchant).check(z.meta({ description: 'The same merchants with their names and CNPJ, by name' })),
    status: PersonStatus,
    secondFactor: z.boolean().check(z.meta({ description: 'An authenticator app is enrolled (passkeys come after it; a reset removes both)' })),
    createdAt: z.string(),
    lastSignInAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'Person' });
export type Person = z.infer<typeof Person>;

export const PersonList = z.array(Person).register(z.globalRegistry, { id: 'PersonList' });

export const PeopleQuery = z.strictObject({ page: listBaseQuery.page, limit: listBaseQuery.limit });
export type PeopleQuery = z.infer<typeof PeopleQuery>;

export const Account = z
  .object({ person: Person, organization: z.object({ id: z.string(), name: z.string() }), scopes: z.array(Scope), recoveryCodesLeft: z.number() })
  .register(z.globalRegistry, { id: 'Account' });
export type Account = z.infer<typeof Account>;

export const PasswordChange = z.strictObject({ currentPassword: password, newPassword: NewPassword }).register(z.globalRegistry, { id: 'PasswordChange' });
export type PasswordChange = z.infer<typeof PasswordChange>;

export const TotpEnrolment = z
  .object({
    secret: z.string().check(z.meta({ description: 'Base32, for typing into the app' })),
    uri: z.string().check(z.meta({ description: 'otpauth:// URI' })),
    qrCode: z.string().check(z.meta({ description: 'The URI as a QR code: an SVG data URL' })),
  })
  .register(z.globalRegistry, { id: 'TotpEnrolment' });
export type TotpEnrolment = z.infer<typeof TotpEnrolment>;

export const TotpConfirm = z.strictObject({ code: z.string().check(z.regex(/^\d{6}$/, 'must be the 6-digit code the app shows')) });
export type TotpConfirm = z.infer<typeof TotpConfirm>;

export const RecoveryCodes = z
  .object({ codes: z.array(z.string()).check(z.meta({ description: 'Each works once, instead of a code from the app; shown only now' })) })
  .register(z.globalRegistry, { id: 'RecoveryCodes' });

export const AccountSession = z
  .object({ id: z.string(), createdAt: z.string(), lastSeenAt: z.string(), address: z.nullable(z.string()), userAgent: z.nullable(z.string()), current: z.boolean() })
  .register(z.globalRegistry, { id: 'AccountSession' });
export const AccountSessionList = z.array(AccountSession).register(z.globalRegistry, { id: 'AccountSessionList' });
export type AccountSession = z.infer<typeof AccountSession>;

export const PersonChange = z
  .strictObject({
    role: z.optional(Role),
    merchantIds: z.optional(merchantIds).check(z.meta({ description: 'A merchant operator’s merchants, replacing the set (one or more); leave out or send [] for the other roles' })),
    status: z.optional(z.enum(['active', 'disabled'])),
  })
  .register(z.globalRegistry, { id: 'PersonChange' });
export type PersonChange = z.infer<typeof PersonChange>;

const personName = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(120, 'must be at most 120 characters'));

export const InvitationRequest = z
  .strictObject({
    email,
    name: z.optional(personName).check(z.meta({ description: 'How the person is called; they may change it when accepting (default: the email before the @)' })),
    role: Role,
    merchantIds: z.optional(merchantIds).check(z.meta({ description: 'A merchant operator: the merchants they act for (one or more); 422 for an empty set, another role, or an unknown merchant' })),
  })
  .register(z.globalRegistry, { id: 'InvitationRequest' });
export type InvitationRequest = z.infer<typeof InvitationRequest>;

export const Invitation = z
  .object({
    person: Person,
    expiresAt: z.string(),
    delivery: z.enum(['email', 'link']),
    link: z.optional(z.string()).check(z.meta({ description: 'Without SMTP_URL: the link to pass on, shown only now' })),
  })
  .register(z.globalRegistry, { id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

/** Hours an invitation link stays valid. */
export const invitationHours = 72;

export const InvitationAccept = z
  .strictObject({
    token: z.string().check(z.regex(/^[\w-]{20,100}$/, 'must be the token of the invitation link, unchanged')),
    name: z.optional(personName),
    password: NewPassword,
  })
  .register(z.globalRegistry, { id: 'InvitationAccept' });
export type InvitationAccept = z.infer<typeof InvitationAccept>;

export const ApiToken = z
  .object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(Scope),
    mode: TokenMode,
    merchantId: z.nullable(z.string()),
    createdBy: z.nullable(z.object({ id: z.string(), email: z.string() })),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
    revokedAt: z.nullable(z.string()),
  })
  .register(z.globalRegistry, { id: 'ApiToken' });
export type ApiToken = z.infer<typeof ApiToken>;
export const ApiTokenList = z.array(ApiToken).register(z.globalRegistry, { id: 'ApiTokenList' });

export const ApiTokenRequest = z
  .strictObject({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)), scopes: z.array(Scope).check(z.minLength(1)), mode: TokenMode, merchantId: z.optional(z.nullable(z.string().check(z.maxLength(64)))) })
  .register(z.globalRegistry, { id: 'ApiTokenRequest' });
export type ApiTokenRequest = z.infer<typeof ApiTokenRequest>;

export const ApiTokenQuery = PeopleQuery;
export type ApiTokenQuery = z.infer<typeof ApiTokenQuery>;

export const CreatedApiToken = z
  .object({ token: ApiToken, secret: z.string().check(z.meta({ description: 'The bearer token: shown only now' })) })
  .register(z.globalRegistry, { id: 'CreatedApiToken' });
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;
