/** The account feature's query keys, built here alone (docs/design.md, "One name, one place"). */
const root = 'account';

/** GET /v1/account: the person, organization, scopes and recovery codes left */
export const accountKey = () => [root, 'me'] as const;
/** GET /v1/account/sessions */
export const accountSessionsKey = () => [root, 'sessions'] as const;
/** GET /v1/account/passkeys */
export const accountPasskeysKey = () => [root, 'passkeys'] as const;
