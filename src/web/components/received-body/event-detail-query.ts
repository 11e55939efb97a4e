import { queryOptions } from '@tanstack/react-query';
import { EventDetail } from '../../../contract/events.ts';
import { api } from '../../lib/api-client.ts';
import { receivedEventKey } from './received-body-keys.ts';

/** GET /v1/events/{eventId}: the event with the notification's body as received (lists leave the body out). */
export function eventDetailQuery(eventId: string) {
  return queryOptions({
    queryKey: receivedEventKey(eventId),
    queryFn: async ({ signal }) => (await api('getEvent', EventDetail, { path: { eventId }, signal })).data,
    // the body never changes once stored
    staleTime: Infinity,
  });
}
