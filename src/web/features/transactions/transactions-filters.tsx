import { cardBrands, paymentMethods, providerNames, summaryStatuses } from '../../../contract/enums.ts';
import { DateRangeFilter } from '../../components/data-table/date-range-filter.tsx';
import { MerchantFilter } from '../../components/data-table/merchant-filter.tsx';
import { FilterPanel, SelectFilter, TextFilter } from '../../components/data-table/filter-controls.tsx';
import type { ListChanges } from '../../lib/url-state.ts';
import { AmountFilter } from './amount-filter.tsx';
import { acquirerLabels, cardBrandLabels, options, paymentMethodLabels, statusLabels } from '../../lib/labels.ts';
import { summaryFilterKeys, type SummaryKey } from './transactions-url.ts';
import type { ReactNode } from 'react';

const statusOptions = options(summaryStatuses, statusLabels);
const acquirerOptions = options(providerNames, acquirerLabels);
const methodOptions = options(paymentMethods, paymentMethodLabels);
const brandOptions = options(cardBrands, cardBrandLabels);

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
  const active = summaryFilterKeys.filter((k) => get(k) !== '').length;
  const set = (key: SummaryKey) => (value: string | null) => update({ [key]: value });
  return (
    <FilterPanel activeCount={active} onClearAll={() => update(clearAllChanges())} actions={actions}>
      <TextFilter
        label="Identifier"
        value={get('q')}
        onChange={set('q')}
        validate={(t) => (/^\S{1,64}$/.test(t.trim()) ? null : 'One identifier, no spaces')}
        placeholder="RRN, NSU, auth code, id"
      />
      <MerchantFilter merchants={merchants} value={get('merchant_id')} onChange={set('merchant_id')} />
      <SelectFilter label="Status" allLabel="All statuses" options={statusOptions} value={get('status')} onChange={set('status')} />
      <SelectFilter label="Acquirer" allLabel="All acquirers" options={acquirerOptions} value={get('acquirer')} onChange={set('acquirer')} />
      <SelectFilter label="Payment method" allLabel="All methods" options={methodOptions} value={get('payment_method')} onChange={set('payment_method')} />
      <SelectFilter label="Card brand" allLabel="All brands" options={brandOptions} value={get('card_brand')} onChange={set('card_brand')} />
      <AmountFilter value={get('amount')} onChange={set('amount')} />
      <DateRangeFilter label="Created" value={get('created_at')} onChange={set('created_at')} />
      <TextFilter
        label="BIN prefix"
        value={get('card_first_digits')}
        onChange={set('card_first_digits')}
        validate={(t) => (/^\d{1,8}$/.test(t) ? null : '1 to 8 digits')}
        placeholder="411111"
        inputMode="numeric"
        maxLength={8}
        width="narrow"
      />
      <TextFilter
        label="Last digits"
        value={get('card_last_digits')}
        onChange={set('card_last_digits')}
        validate={(t) => (/^\d{4}$/.test(t) ? null : 'Exactly 4 digits')}
        placeholder="1234"
        inputMode="numeric"
        maxLength={4}
        width="narrow"
      />
    </FilterPanel>
  );
}
