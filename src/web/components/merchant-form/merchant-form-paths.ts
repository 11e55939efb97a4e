/** The Merchants page searched by name or CNPJ: where a duplicate CNPJ's "Open it" lands (its only link). */
export const merchantsSearchPath = (q: string) => `/merchants?${new URLSearchParams({ q }).toString()}`;
