import { auditOutcomes } from '../../../contract/audit.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { auditFilterKeys, type AuditKey } from './audit-url.ts';

/** An action (`credential.update`) or a prefix ending in a dot (`credential.`), as the API takes it. */
const actionPattern = /^[a-z_]+(\.[a-z_]*)*$/;
const idPattern = /^[\w-]{1,64}$/;

/** The audit log's filters: when, action (or its prefix), who (a person or token id), outcome. */
export function AuditFilters({ get, update }: { get: (key: AuditKey) => string; update: (changes: ListChanges<AuditKey>) => void }) {
  const t = useT();
  const active = auditFilterKeys.filter((k) => get(k) !== '').length;
  return (
    <FilterPanel activeCount={active} onClearAll={() => update(Object.fromEntries(auditFilterKeys.map((k) => [k, null])))}>
      <DateRangeFilter label={t('audit.col.when')} value={get('occurred_at')} onChange={(v) => update({ occurred_at: v })} />
      <TextFilter
        label={t('audit.filter.action')}
        value={get('action')}
        onChange={(v) => update({ action: v })}
        validate={(text) => (actionPattern.test(text) && text.length <= 64 ? null : t('audit.filter.actionInvalid'))}
        placeholder={t('audit.filter.actionPlaceholder')}
        maxLength={64}
      />
      <TextFilter
        label={t('audit.filter.actor')}
        value={get('actor_id')}
        onChange={(v) => update({ actor_id: v })}
        validate={(text) => (idPattern.test(text) ? null : t('audit.filter.actorInvalid'))}
        maxLength={64}
      />
      <SelectFilter
        label={t('audit.col.outcome')}
        allLabel={t('audit.filter.allOutcomes')}
        options={auditOutcomes.map((o) => ({ value: o, label: t(`audit.outcome.${o}`) }))}
        value={get('outcome')}
        onChange={(v) => update({ outcome: v })}
      />
    </FilterPanel>
  );
}
