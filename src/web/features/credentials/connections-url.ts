import { credentialQueryShape } from '../../../contract/credentials.ts';
import { listUrlSpec } from '../../lib/url-state.ts';

export type ConnectionKey = keyof typeof credentialQueryShape;

/** The acquirer connections list, as configuration of the shared URL state. */
export const connectionUrlSpec = listUrlSpec(credentialQueryShape);

export const connectionFilterKeys = ['merchant_id', 'provider_id', 'enabled', 'q'] as const satisfies readonly ConnectionKey[];
