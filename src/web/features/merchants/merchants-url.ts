import { merchantQueryShape } from '../../../contract/merchants.ts';
import { listUrlDefaults, listUrlSpec, type ListUrlSpec } from '../../lib/url-state.ts';

export type MerchantKey = keyof typeof merchantQueryShape;

/** The Merchants list, as configuration of the shared URL state: by name, A to Z, unless the URL says otherwise. */
export const merchantUrlSpec: ListUrlSpec<MerchantKey> = {
  ...listUrlSpec(merchantQueryShape),
  defaults: { ...listUrlDefaults, order_by: 'name', order_direction: 'asc' },
};

export const merchantFilterKeys = ['q'] as const satisfies readonly MerchantKey[];
