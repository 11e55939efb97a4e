import { cardBrands, paymentMethods, providerNames, summaryStatuses } from '../../../contract/enums.ts';
import { SearchQuery } from '../../../contract/list-query.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { MerchantFilter } from '../../components/data-table/merchant-filter.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { AmountFilter } from './amount-filter.tsx';
import { domainOptions } from '../../lib/domain/domain-labels.ts';
import { summaryFilterKeys, type SummaryKey } from './transactions-url.ts';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n.tsx';


export interface TransactionsFiltersProps {
  merchants: readonly { id: string; name: string }[];
  get: (key: SummaryKey) => string;
  update: (changes: ListChanges<SummaryKey>) => void;
  actions?: ReactNode;
}

function clearAllChanges(): ListChanges<SummaryKey> {
  return Object.fromEntries(summaryFilterKeys.map((k) => [k, null]));
}

/** The eight summary filters; each writes its own URL parameter (and sends the view to page 1). */
export function TransactionsFilters({ merchants, get, update, actions }: TransactionsFiltersProps) {
  const t = useT();
  const statusOptions = domainOptions(t, 'status', summaryStatuses);
  const acquirerOptions = domainOptions(t, 'acquirer', providerNames);
  const methodOptions = domainOptions(t, 'paymentMethod', paymentMethods);
  const brandOptions = domainOptions(t, 'cardBrand', cardBrands);
  const active = summaryFilterKeys.filter((k) => get(k) !== '').length;
  const set = (key: SummaryKey) => (value: string | null) => update({ [key]: value });
  return (
    <FilterPanel activeCount={active} onClearAll={() => update(clearAllChanges())} actions={actions}>
      <TextFilter
        label={t('transactions.filter.q')}
        value={get('q')}
        onChange={(text) => set('q')(text === null ? null : (SearchQuery.safeParse(text).data ?? text))}
        validate={(text) => (SearchQuery.safeParse(text).success ? null : t('transactions.filter.qInvalid'))}
        placeholder={t('transactions.filter.qPlaceholder')}
      />
      <MerchantFilter merchants={merchants} value={get('merchant_id')} onChange={set('merchant_id')} />
      <SelectFilter label={t('transactions.filter.status')} allLabel={t('transactions.filter.allStatuses')} options={statusOptions} value={get('status')} onChange={set('status')} />
      <SelectFilter label={t('transactions.filter.acquirer')} allLabel={t('transactions.filter.allAcquirers')} options={acquirerOptions} value={get('acquirer')} onChange={set('acquirer')} />
      <SelectFilter label={t('transactions.filter.method')} allLabel={t('transactions.filter.allMethods')} options={methodOptions} value={get('payment_method')} onChange={set('payment_method')} />
      <SelectFilter label={t('transactions.filter.brand')} allLabel={t('transactions.filter.allBrands')} options={brandOptions} value={get('card_brand')} onChange={set('card_brand')} />
      <AmountFilter value={get('amount')} onChange={set('amount')} />
      <DateRangeFilter label={t('transactions.filter.created')} value={get('created_at')} onChange={set('created_at')} />
      <TextFilter
        label={t('transactions.filter.bin')}
        value={get('card_first_digits')}
        onChange={set('card_first_digits')}
        validate={(text) => (/^\d{1,8}$/.test(text) ? null : t('transactions.filter.binInvalid'))}
        placeholder="411111"
        inputMode="numeric"
        maxLength={8}
        width="narrow"
      />
      <TextFilter
        label={t('transactions.filter.last4')}
        value={get('card_last_digits')}
        onChange={set('card_last_digits')}
        validate={(text) => (/^\d{4}$/.test(text) ? null : t('transactions.filter.last4Invalid'))}
        placeholder="1234"
        inputMode="numeric"
        maxLength={4}
        width="narrow"
      />
    </FilterPanel>
  );
}
