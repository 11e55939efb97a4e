import { z } from 'zod/mini';

/**
 * Single sign-on with the organization's OpenID provider (issue 24). A refused sign-in ends on the dashboard's
 * sign-in page with `?sso_error=<code>`: these codes, which both halves name (the dashboard words each one).
 */
export const ssoErrorCodes = [
  /** no organization with single sign-on matches (none configured, or the email's domain is unknown) */
  'not_configured',
  /** the provider did not answer its discovery document or token request */
  'provider_unavailable',
  /** the provider answered with an error (the person cancelled, or it refused) */
  'provider_denied',
  /** the answer did not check out: its state, nonce, signature or issuer */
  'invalid_response',
  /** the sign-in took longer than 10 minutes, or was already finished, or began in another browser */
  'expired',
  /** the provider sent no email, or one it does not say is verified */
  'email_unverified',
  /** no person with this email in the organization, and its domain is not allowed */
  'not_invited',
  /** the person was disabled by an admin */
  'disabled',
  /** a newcomer of an allowed domain whose groups map to no role (and there is no default role) */
  'no_role',
] as const;
export const SsoErrorCode = z.enum(ssoErrorCodes);
export type SsoErrorCode = z.infer<typeof SsoErrorCode>;

/** The query parameter the sign-in page reads the code from. */
export const ssoErrorParameter = 'sso_error';

export const SsoOptions = z
  .object({
    enabled: z.boolean().check(z.meta({ description: 'Some organization signs in with its OpenID provider: the dashboard offers "Sign in with your company"' })),
    needsEmail: z.boolean().check(z.meta({ description: 'More than one organization has single sign-on: GET /v1/sso/start needs the work email to pick it' })),
  })
  .register(z.globalRegistry, { id: 'SsoOptions' });
export type SsoOptions = z.infer<typeof SsoOptions>;

/** The dashboard's sign-in page, where a refused sign-in with the provider ends (`?sso_error=<code>`). */
export const signInPagePath = '/sign-in';
