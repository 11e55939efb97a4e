import { queryOptions } from '@tanstack/react-query';
import { EventDetail } from '../../../contract/events.ts';
import { apiGet } from '../../lib/api-client.ts';

/** GET /v1/events/{eventId}: the event with the notification's body as received (lists leave the body out). */
export function eventDetailQuery(eventId: string) {
  return queryOptions({
    // not under ['events']: those keys are the list's pages, which live updates and retries rewrite row by row
    queryKey: ['event-received', eventId] as const,
    queryFn: async ({ signal }) => (await apiGet(`/v1/events/${encodeURIComponent(eventId)}`, EventDetail, { signal })).data,
    // the body never changes once stored
    staleTime: Infinity,
  });
}
