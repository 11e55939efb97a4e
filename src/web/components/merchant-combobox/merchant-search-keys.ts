/** The merchant search's query keys (GET /v1/merchants?q=), shared by every merchant field (docs/design.md, "One name, one place"). */
const root = 'merchant-search';

/** GET /v1/merchants?q=: a merchant field's options */
export const merchantSearchKey = (q: string) => [root, q] as const;
