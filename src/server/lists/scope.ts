import type { Caller } from '../auth/authenticate.ts';

/** The rows a caller may see: its organization, and its merchant for a merchant token. */
export interface RowScope {
  organizationId: string;
  merchantId: string | null;
}

export const scopeOf = (caller: Caller): RowScope => ({ organizationId: caller.organizationId, merchantId: caller.merchantId });
