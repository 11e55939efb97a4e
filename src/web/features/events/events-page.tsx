import { useEffect, useMemo } from 'react';
import type { Event } from '../../../contract/events.ts';
import type { Me } from '../../../contract/me.ts';
import { eventApiColumns } from '../../lib/list-tools/api-columns.ts';
import { listToolsUser } from '../../lib/list-tools/list-tools-user.ts';
import { ListView } from '../../components/data-table/list-view.tsx';
import { SortSelect } from '../../components/data-table/sort-select.tsx';
import { useT, type Translate } from '../../lib/i18n/i18n.tsx';
import { useServerList, type ServerListConfig } from '../../lib/use-server-list.ts';
import { useMe } from '../../lib/me-context.tsx';
import { eventsQuery } from './api/events-query.ts';
import { lazyDetail } from '../../components/data-table/lazy-detail.tsx';
import { eventColumns, eventIdPrefix } from './events-columns.tsx';
import { EventsFilters, StatusSegments } from './events-filters.tsx';
import { eventFilterKeys, eventUrlSpec, type EventKey } from './events-url.ts';
import { LiveControls } from './live-controls.tsx';
import { needsClearedFilters } from './live-merge.ts';
import { useLiveList } from './use-live-list.ts';
import layout from '../../components/page-layout.module.css';
import { apiPath } from '../../../contract/endpoints.ts';

// the expanded event (every field, processing, Retry, the body as received) loads after the list, fetched as soon as the list shows
const eventDetail = lazyDetail<Event>(async () => {
  const { EventDetail } = await import('./event-detail.tsx');
  return ({ row }) => <EventDetail event={row} />;
});
const listConfig = (t: Translate, me: Me): ServerListConfig<EventKey, Event> => ({
  spec: eventUrlSpec,
  query: eventsQuery,
  columns: eventColumns(t),
  getRowId: (e) => e.eventId,
  filterKeys: eventFilterKeys,
  orderKeys: { by: null, direction: 'order_direction', fixedBy: 'created_at' },
  detail: { idPrefix: eventIdPrefix, describe: (e) => t('events.rowLabel', { id: e.eventId }), ...eventDetail },
  tools: {
    listId: 'events',
    ...listToolsUser(me),
    apiColumns: eventApiColumns,
    exportPath: apiPath('listEvents'),
    exportFileBase: t('events.fileBase'),
    exportPartLabels: {
      transaction_type: t('events.export.transactionType'),
      transaction_status: t('events.export.transactionStatus'),
      card_brand: t('events.export.cardBrand'),
      card_bin: t('events.export.cardBin'),
      card_last4: t('events.export.cardLast4'),
    },
    viewPage: 'events',
  },
});

export function EventsPage() {
  const t = useT();
  const me = useMe();
  const config = useMemo(() => listConfig(t, me), [t, me]);
  const sortOptions = useMemo(() => [{ id: 'created_at', label: t('events.col.created') }], [t]);
  const list = useServerList(config);
  const { get, update, params } = list;
  const live = useLiveList(params);
  useEffect(() => eventDetail.preload(), []);
  const showNew = () => {
    const clear = needsClearedFilters(live.unseen, params) ? Object.fromEntries(eventFilterKeys.map((k) => [k, null])) : {};
    live.clearUnseen();
    update({ ...clear, page: null, order_direction: null });
  };
  return (
    <section className={layout.page}>
      <header className={layout.header}>
        <div>
          <h1>{t('events.title')}</h1>
          <p className={layout.subtitle}>{t('events.subtitle')}</p>
        </div>
        <LiveControls unseen={live.unseen.size} onShowNew={showNew} announcement={live.announcement} />
      </header>
      <ListView
        list={list}
        label={t('events.tableLabel')}
        pagesLabel={t('events.pagesLabel')}
        loadingLabel={t('events.loading')}
        emptyTitle={t('events.emptyTitle')}
        emptyText={t('events.emptyText')}
        filteredTitle={t('events.filteredTitle')}
        filteredText={t('events.filteredText')}
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
