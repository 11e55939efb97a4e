import { useState } from 'react';
import type { Event } from '../../../contract/events.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../auth/me-context.tsx';
import { eventsQuery } from './api/events-query.ts';
import { EventDetail } from './event-detail.tsx';
import { eventColumns, eventIdPrefix } from './events-columns.tsx';
import { EventsFilters, StatusSegments } from './events-filters.tsx';
import { eventFilterKeys, eventUrlSpec, type EventKey } from './events-url.ts';
import { RefreshControls } from './refresh-controls.tsx';
import styles from './events.module.css';

const renderDetail = (event: Event) => <EventDetail event={event} />;
const sortOptions = [{ id: 'created_at', label: 'Created' }] as const;
const baseConfig: ServerListConfig<EventKey, Event> = {
  spec: eventUrlSpec,
  query: eventsQuery,
  columns: eventColumns,
  getRowId: (e) => e.eventId,
  filterKeys: eventFilterKeys,
  orderKeys: { by: null, direction: 'order_direction', fixedBy: 'created_at' },
  expandable: true,
};
const autoConfig: ServerListConfig<EventKey, Event> = { ...baseConfig, refetchInterval: 15_000 };

export function EventsPage() {
  const me = useMe();
  const [auto, setAuto] = useState(false);
  const list = useServerList(auto ? autoConfig : baseConfig);
  const { get, update, query } = list;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>Events</h1>
          <p className={styles.subtitle}>Webhook notifications processed by the platform.</p>
        </div>
        <RefreshControls
          fetching={query.isFetching && !query.isPlaceholderData}
          updatedAt={query.dataUpdatedAt}
          auto={auto}
          onAutoChange={setAuto}
          onRefresh={() => void query.refetch()}
        />
      </header>
      <ListView
        list={list}
        label="Events"
        noun="events"
        idPrefix={eventIdPrefix}
        emptyTitle="No events yet"
        emptyText="Webhook notifications appear here as the platform processes them."
        filteredText="Try another status or a wider date range."
        renderDetail={renderDetail}
        filters={
          <>
            <StatusSegments value={get('event_status')} onChange={(v) => update({ event_status: v })} />
            <EventsFilters
              merchants={me.merchantId ? [] : me.merchants}
              get={get}
              update={update}
              actions={
                <SortSelect options={sortOptions} orderBy="created_at" direction={get('order_direction')} onChange={(_by, dir) => update({ order_direction: dir })} />
              }
            />
          </>
        }
      />
    </section>
  );
}
