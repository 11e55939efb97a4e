import { z } from 'zod/mini';

/** Single sign-on's answer for the dashboard (the refusal codes are in sso-errors.ts, which the first chunk loads without zod). */
export const SsoOptions = z
  .object({
    enabled: z.boolean().check(z.meta({ description: 'Some organization signs in with its OpenID provider: the dashboard offers "Sign in with your company"' })),
    needsEmail: z.boolean().check(z.meta({ description: 'More than one organization has single sign-on: GET /v1/sso/start needs the work email to pick it' })),
  })
  .register(z.globalRegistry, { id: 'SsoOptions' });
export type SsoOptions = z.infer<typeof SsoOptions>;

export const SsoStartQuery = z.strictObject({
  organization: z.optional(z.string().check(z.regex(/^\w{1,40}$/), z.meta({ description: 'The organization id (or give email)' }))),
  email: z.optional(z.string().check(z.maxLength(254), z.meta({ description: 'The work email: picks the organization by its allowed domain or the person invited' }))),
  return_to: z.optional(z.string().check(z.maxLength(2000), z.meta({ description: 'A dashboard path to open after sign-in' }))),
});

/** What the provider sends back (RFC 6749 and 9207; providers add their own parameters, which are kept for the checks). */
export const SsoCallbackQuery = z.looseObject({
  state: z.optional(z.string().check(z.maxLength(512))),
  code: z.optional(z.string().check(z.maxLength(4096))),
  error: z.optional(z.string().check(z.maxLength(256))),
});

/** Every outcome of the two browser navigations is a redirect. */
export const SsoRedirect = z.null().check(z.meta({ description: 'A redirect (Location): to the provider, back to the dashboard, or to its sign-in page with `?sso_error=<code>`' }));
