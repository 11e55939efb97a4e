import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EventList, type Event } from '../../../../contract/events.ts';
import { api } from '../../../lib/api-client.ts';
import { pagingHeaders, type PagingHeaders } from '../../../components/data-table/paging.ts';
import type { EventKey } from '../events-url.ts';
import { eventListKey } from './events-keys.ts';

export type EventParams = Partial<Record<EventKey, string>>;

export interface EventPage {
  rows: Event[];
  paging: PagingHeaders;
}

/** One page of events; the previous page stays on screen (dimmed) while another loads. */
export function eventsQuery(params: EventParams) {
  return queryOptions({
    queryKey: eventListKey(params),
    queryFn: async ({ signal }): Promise<EventPage> => {
      const { data, headers } = await api('listEvents', EventList, { query: params, signal });
      return { rows: data, paging: pagingHeaders(headers) };
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
