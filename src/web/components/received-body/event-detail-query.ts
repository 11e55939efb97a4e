import { queryOptions } from '@tanstack/react-query';
import { EventDetail } from '../../../contract/events.ts';
import { apiGet } from '../../lib/api-client.ts';
import { receivedEventKey } from './received-body-keys.ts';
import { apiPath } from '../../../contract/endpoints.ts';

/** GET /v1/events/{eventId}: the event with the notification's body as received (lists leave the body out). */
export function eventDetailQuery(eventId: string) {
  return queryOptions({
    queryKey: receivedEventKey(eventId),
    queryFn: async ({ signal }) => (await apiGet(apiPath('getEvent', { eventId }), EventDetail, { signal })).data,
    // the body never changes once stored
    staleTime: Infinity,
  });
}
