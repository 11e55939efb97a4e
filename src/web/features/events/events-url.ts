import { eventQueryShape } from '../../../contract/events.ts';
import { refinePageSize, type ListUrlSpec } from '../../lib/url-state.ts';

export type EventKey = keyof typeof eventQueryShape;

export const eventUrlSpec: ListUrlSpec<EventKey> = {
  shape: eventQueryShape,
  defaults: { page: '1', limit: '20', order_by: 'created_at', order_direction: 'desc' },
  refine: { limit: refinePageSize },
  pageKey: 'page',
};

export const eventFilterKeys = ['event_status', 'event_type', 'created_at'] as const satisfies readonly EventKey[];
