import { z } from 'zod/mini';

/** Single sign-on's answer for the dashboard (the refusal codes are in sso-errors.ts, which the first chunk loads without zod). */
export const SsoOptions = z
  .object({
    enabled: z.boolean().check(z.meta({ description: 'Some organization signs in with its OpenID provider: the dashboard offers "Sign in with your company"' })),
    needsEmail: z.boolean().check(z.meta({ description: 'More than one organization has single sign-on: GET /v1/sso/start needs the work email to pick it' })),
  })
  .register(z.globalRegistry, { id: 'SsoOptions' });
export type SsoOptions = z.infer<typeof SsoOptions>;
