import { useId, type ReactNode } from 'react';
import { eventStatuses, knownEventTypes } from '../../../contract/enums.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import { MerchantFilter } from '../../components/data-table/merchant-filter.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { label, statusLabels } from '../../lib/labels.ts';
import { eventFilterKeys, type EventKey } from './events-url.ts';
import styles from './events.module.css';

const typeOptions = knownEventTypes.map((t) => ({ value: t, label: t }));

/** All / Pending / Failed / Processed as a radio group: always visible, arrow keys move between them. */
export function StatusSegments({ value, onChange }: { value: string; onChange: (value: string | null) => void }) {
  const name = useId();
  const choices = [{ value: '', label: 'All' }, ...eventStatuses.map((s) => ({ value: s, label: label(statusLabels, s) }))];
  return (
    <fieldset className={styles.segments}>
      <legend className="visually-hidden">Event status</legend>
      {choices.map((c) => (
        <label key={c.value || 'all'} className={styles.segment}>
          <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value || null)} />
          <span>{c.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function EventsFilters({
  merchants,
  get,
  update,
  actions,
}: {
  merchants: readonly { id: string; name: string }[];
  get: (key: EventKey) => string;
  update: (changes: ListChanges<EventKey>) => void;
  actions: ReactNode;
}) {
  const active = eventFilterKeys.filter((k) => k !== 'event_status' && get(k) !== '').length;
  return (
    <FilterPanel
      activeCount={active}
      onClearAll={() => update({ event_type: null, created_at: null, merchant_id: null, summary_id: null, q: null })}
      actions={actions}
    >
      <TextFilter
        label="Identifier"
        value={get('q')}
        onChange={(v) => update({ q: v })}
        validate={(t) => (/^\S{1,64}$/.test(t.trim()) ? null : 'One identifier, no spaces')}
        placeholder="Event id, RRN, auth code"
      />
      <MerchantFilter merchants={merchants} value={get('merchant_id')} onChange={(v) => update({ merchant_id: v })} />
      {get('summary_id') ? (
        <TextFilter
          label="Transaction"
          value={get('summary_id')}
          onChange={(v) => update({ summary_id: v })}
          validate={(t) => (/^[0-9a-v]{20}$/.test(t) ? null : 'A 20-character transaction id')}
          maxLength={20}
        />
      ) : null}
      <SelectFilter
        label="Event type"
        allLabel="All types"
        options={typeOptions.some((o) => o.value === get('event_type')) || !get('event_type') ? typeOptions : [...typeOptions, { value: get('event_type'), label: get('event_type') }]}
        value={get('event_type')} onChange={(v) => update({ event_type: v })} />
      <DateRangeFilter label="Created" value={get('created_at')} onChange={(v) => update({ created_at: v })} />
    </FilterPanel>
  );
}
