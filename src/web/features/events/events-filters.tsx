import type { ReactNode } from 'react';
import { eventStatuses, knownEventTypes } from '../../../contract/enums.ts';
import { SearchQuery } from '../../../contract/list-query.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import { MerchantFilter } from '../../components/data-table/merchant-filter.tsx';
import { Segments } from '../../components/segments.tsx';
import { domainLabel, domainOptions } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { eventFilterKeys, type EventKey } from './events-url.ts';

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
  merchants,
}: {
  merchants: readonly { id: string; name: string }[];
  get: (key: EventKey) => string;
  update: (changes: ListChanges<EventKey>) => void;
  actions: ReactNode;
}) {
  const t = useT();
  const active = eventFilterKeys.filter((k) => k !== 'event_status' && get(k) !== '').length;
  const typeOptions = domainOptions(t, 'eventType', knownEventTypes);
  return (
    <FilterPanel
      activeCount={active}
      onClearAll={() => update({ event_type: null, created_at: null, merchant_id: null, summary_id: null, q: null })}
      actions={actions}
    >
      <TextFilter
        label={t('events.filter.q')}
        value={get('q')}
        onChange={(v) => update({ q: v === null ? null : (SearchQuery.safeParse(v).data ?? v) })}
        validate={(text) => (SearchQuery.safeParse(text).success ? null : t('events.filter.qInvalid'))}
        placeholder={t('events.filter.qPlaceholder')}
      />
      <MerchantFilter merchants={merchants} value={get('merchant_id')} onChange={(v) => update({ merchant_id: v })} />
      {get('summary_id') ? (
        <TextFilter
          label={t('events.filter.transaction')}
          value={get('summary_id')}
          onChange={(v) => update({ summary_id: v })}
          validate={(text) => (/^[0-9a-v]{20}$/.test(text) ? null : t('events.filter.transactionInvalid'))}
          maxLength={20}
        />
      ) : null}
      <SelectFilter
        label={t('events.typeFilter')}
        allLabel={t('events.allTypes')}
        options={typeOptions.some((o) => o.value === get('event_type')) || !get('event_type') ? typeOptions : [...typeOptions, { value: get('event_type'), label: get('event_type') }]}
        value={get('event_type')} onChange={(v) => update({ event_type: v })} />
      <DateRangeFilter label={t('events.col.created')} value={get('created_at')} onChange={(v) => update({ created_at: v })} />
    </FilterPanel>
  );
}
