import { credentialQueryShape } from '../../../contract/credentials.ts';
import { listUrlDefaults, refinePageSize, type ListUrlSpec } from '../../lib/url-state.ts';

export type ConnectionKey = keyof typeof credentialQueryShape;

/** The acquirer connections list, as configuration of the shared URL state. */
export const connectionUrlSpec: ListUrlSpec<ConnectionKey> = {
  shape: credentialQueryShape,
  defaults: listUrlDefaults,
  refine: { limit: refinePageSize },
  pageKey: 'page',
};

export const connectionFilterKeys = ['merchant_id', 'provider_id', 'enabled', 'q'] as const satisfies readonly ConnectionKey[];
