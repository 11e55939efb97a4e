import { eventQueryShape } from '../../../contract/events.ts';
import { listUrlDefaults, refinePageSize, type ListUrlSpec } from '../../lib/url-state.ts';

export type EventKey = keyof typeof eventQueryShape;

export const eventUrlSpec: ListUrlSpec<EventKey> = {
  shape: eventQueryShape,
  defaults: listUrlDefaults,
  refine: { limit: refinePageSize },
  pageKey: 'page',
};

export const eventFilterKeys = ['event_status', 'event_type', 'created_at', 'merchant_id', 'summary_id', 'q'] as const satisfies readonly EventKey[];
