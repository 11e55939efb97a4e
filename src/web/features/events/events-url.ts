import { eventQueryShape } from '../../../contract/events.ts';
import { listUrlSpec } from '../../lib/url-state.ts';

export type EventKey = keyof typeof eventQueryShape;

export const eventUrlSpec = listUrlSpec(eventQueryShape);

export const eventFilterKeys = ['event_status', 'event_type', 'created_at', 'merchant_id', 'summary_id', 'q'] as const satisfies readonly EventKey[];
