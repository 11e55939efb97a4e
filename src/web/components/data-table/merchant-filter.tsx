import { useT } from '../../lib/i18n/i18n.tsx';
import { SelectFilter } from './filter-controls.tsx';

export interface MerchantFilterProps {
  /** the merchants the token may see (from /v1/me) */
  merchants: readonly { id: string; name: string }[];
  value: string;
  onChange: (value: string | null) => void;
}

/** Merchant of a list: a select of the token's merchants; hidden for a token limited to one (or with none listed). */
export function MerchantFilter({ merchants, value, onChange }: MerchantFilterProps) {
  const t = useT();
  if (merchants.length < 2 && value === '') return null;
  const known = merchants.some((m) => m.id === value) || value === '';
  const options = [...merchants.map((m) => ({ value: m.id, label: m.name })), ...(known ? [] : [{ value, label: value }])];
  return <SelectFilter label={t('components.merchant.label')} allLabel={t('components.merchant.all')} options={options} value={value} onChange={onChange} />;
}
