/** The API tokens feature's query keys, built here alone (docs/design.md). */
export const apiTokensKey = () => ['api-tokens', 'list'] as const;
