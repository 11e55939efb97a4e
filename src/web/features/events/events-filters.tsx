import type { ReactNode } from 'react';
import { eventStatuses, knownEventTypes } from '../../../contract/enums.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { FilterPanel, SelectFilter } from '../../components/data-table/filter-controls.tsx';
import { Segments } from '../../components/segments.tsx';
import { domainLabel, domainOptions } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { eventFilterKeys, type EventKey } from './events-url.ts';

export function clearEventFilters(): ListChanges<EventKey> {
  return Object.fromEntries(eventFilterKeys.map((k) => [k, null]));
}

/** All / Pending / Failed / Processed as a radio group: always visible, arrow keys move between them. */
export function StatusSegments({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const t = useT();
  const choices = [{ value: '', label: t('events.all') }, ...eventStatuses.map((s) => ({ value: s, label: domainLabel(t, 'status', s) }))];
  return <Segments legend={t('events.statusLegend')} choices={choices} value={value} onChange={onChange} />;
}

export function EventsFilters({
  get,
  update,
  actions,
}: {
  get: (key: EventKey) => string;
  update: (changes: ListChanges<EventKey>) => void;
  actions: ReactNode;
}) {
  const t = useT();
  const active = eventFilterKeys.filter((k) => k !== 'event_status' && get(k) !== '').length;
  const typeOptions = domainOptions(t, 'eventType', knownEventTypes);
  return (
    <FilterPanel activeCount={active} onClearAll={() => update({ event_type: null, created_at: null })} actions={actions}>
      <SelectFilter
        label={t('events.typeFilter')}
        allLabel={t('events.allTypes')}
        options={typeOptions.some((o) => o.value === get('event_type')) || !get('event_type') ? typeOptions : [...typeOptions, { value: get('event_type'), label: get('event_type') }]}
        value={get('event_type')} onChange={(v) => update({ event_type: v })} />
      <DateRangeFilter label={t('events.col.created')} value={get('created_at')} onChange={(v) => update({ created_at: v })} />
    </FilterPanel>
  );
}
