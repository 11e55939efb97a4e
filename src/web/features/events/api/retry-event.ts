import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Event } from '../../../../contract/events.ts';
import { api } from '../../../lib/api-client.ts';
import { isLaterState } from '../live-merge.ts';
import type { EventPage } from './events-query.ts';
import { eventListsKey } from './events-keys.ts';

/**
 * Puts `event` in place of its row in every cached page of the list, unless the row already holds a later
 * state: the live stream can bring the retry's outcome before the retry's own answer arrives.
 */
export function replaceCachedEvent(queryClient: ReturnType<typeof useQueryClient>, event: Event): void {
  queryClient.setQueriesData<EventPage>({ queryKey: eventListsKey() }, (page) => {
    if (!page) return page;
    const index = page.rows.findIndex((row) => row.eventId === event.eventId);
    const current = page.rows[index];
    return !current || !isLaterState(event, current) ? page : { ...page, rows: page.rows.with(index, event) };
  });
}

/** POST /v1/events/{eventId}/retry: the event becomes pending and due; its outcome arrives on the stream. */
export function useRetryEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (eventId: string) => (await api('retryEvent', Event, { path: { eventId } })).data,
    onSuccess: (event) => replaceCachedEvent(queryClient, event),
  });
}
