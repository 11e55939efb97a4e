import { merchantQueryShape } from '../../../contract/merchants.ts';
import { listUrlSpec } from '../../lib/url-state.ts';

export type MerchantKey = keyof typeof merchantQueryShape;

/** The Merchants list, as configuration of the shared URL state. */
export const merchantUrlSpec = listUrlSpec(merchantQueryShape);

export const merchantFilterKeys = ['q'] as const satisfies readonly MerchantKey[];
