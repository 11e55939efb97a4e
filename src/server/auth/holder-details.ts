import { holderScope } from '../../contract/operation-auth.ts';
import type { Caller } from './authenticate.ts';

/**
 * Whether the caller may see the card holder's details: the holder name, the device's or terminal's IP address and
 * location, and an event's raw notification (issue 24: `transactions:holder`). Without it the reads answer those
 * fields empty (null, or '' for a summary's required holderName) and exports leave their columns blank.
 */
export const seesHolder = (caller: Pick<Caller, 'scopes'>): boolean => caller.scopes.includes(holderScope);
