/** The single sign-on settings feature's query keys, built here alone (docs/design.md). */
export const ssoSettingsKey = () => ['sso-settings'] as const;
