import type { Me } from '../../../contract/me.ts';
import type { Provider } from '../../../contract/providers.ts';
import { Segments } from '../../components/segments.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import type { ConnectionKey } from './connections-url.ts';

interface FiltersProps {
  get: (key: ConnectionKey) => string;
  update: (changes: ListChanges<ConnectionKey>) => void;
  providers: readonly Provider[];
  merchants: Me['merchants'];
  lockedMerchant: boolean;
}

/** All / Enabled / Disabled as a radio group, then merchant, acquirer and MID/TID search. */
export function ConnectionsFilters({ get, update, providers, merchants, lockedMerchant }: FiltersProps) {
  const t = useT();
  const choices = [
    { value: '', label: t('credentials.filters.all') },
    { value: 'true', label: t('credentials.status.enabled') },
    { value: 'false', label: t('credentials.status.disabled') },
  ];
  const active = (['merchant_id', 'provider_id', 'q'] as const).filter((k) => get(k) !== '').length;
  return (
    <>
      <Segments legend={t('credentials.columns.status')} choices={choices} value={get('enabled')} onChange={(v) => update({ enabled: v })} />
      <FilterPanel activeCount={active} onClearAll={() => update({ merchant_id: null, provider_id: null, q: null })}>
        {lockedMerchant ? null : (
          <SelectFilter
            label={t('credentials.columns.merchant')}
            allLabel={t('credentials.filters.allMerchants')}
            options={merchants.map((m) => ({ value: m.id, label: m.name }))}
            value={get('merchant_id')}
            onChange={(v) => update({ merchant_id: v })}
          />
        )}
        <SelectFilter
          label={t('credentials.columns.acquirer')}
          allLabel={t('credentials.filters.allAcquirers')}
          options={providers.map((p) => ({ value: p.id, label: p.displayName }))}
          value={get('provider_id')}
          onChange={(v) => update({ provider_id: v })}
        />
        <TextFilter
          label={t('credentials.filters.search')}
          hint={t('credentials.filters.searchHint')}
          value={get('q')}
          maxLength={64}
          validate={(text) => (text.length > 64 ? t('credentials.filters.searchTooLong') : null)}
          onChange={(v) => update({ q: v })}
        />
      </FilterPanel>
    </>
  );
}
