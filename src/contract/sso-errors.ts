/**
 * Single sign-on with the organization's OpenID provider (issue 24). No zod here: the sign-in page's first chunk
 * loads this module. A refused sign-in ends on the dashboard's
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
export type SsoErrorCode = (typeof ssoErrorCodes)[number];

/** The query parameter the sign-in page reads the code from. */
export const ssoErrorParameter = 'sso_error';

/** The dashboard's sign-in page, where a refused sign-in with the provider ends (`?sso_error=<code>`). */
export const signInPagePath = '/sign-in';
