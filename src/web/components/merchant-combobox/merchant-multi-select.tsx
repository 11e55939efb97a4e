import { formatCnpj } from '../../../contract/merchants.ts';
import type { FieldControlProps } from '../form-field.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import { MerchantCombobox } from './merchant-combobox.tsx';
import styles from './merchant-multi-select.module.css';

/** A merchant as a field shows it: name and CNPJ, never the internal id alone. */
export interface ChosenMerchant {
  id: string;
  name: string;
  taxId?: string | undefined;
}

export interface MerchantMultiSelectProps {
  control: FieldControlProps;
  value: readonly ChosenMerchant[];
  onChange: (next: ChosenMerchant[]) => void;
}

/** "Name · CNPJ …": how a chosen merchant reads wherever one is named with its CNPJ. */
export function useMerchantLabel(): (m: ChosenMerchant) => string {
  const t = useT();
  return (m) => (m.taxId ? t('components.merchant.chosen', { name: m.name, cnpj: formatCnpj(m.taxId) }) : m.name);
}

/**
 * One or more merchants: the chosen ones as a list (each with a Remove button), then the merchant combobox
 * (search by name or CNPJ, arrow keys, Enter) to add another; a chosen merchant is not offered again.
 */
export function MerchantMultiSelect({ control, value, onChange }: MerchantMultiSelectProps) {
  const t = useT();
  const label = useMerchantLabel();
  return (
    <div className={styles.multi}>
      {value.length > 0 ? (
        <ul className={styles.chosen} aria-label={t('components.merchant.chosenList', { count: value.length })}>
          {value.map((m) => (
            <li key={m.id} className={styles.chip}>
              <span>{label(m)}</span>
              <button type="button" className={styles.remove} aria-label={t('components.merchant.remove', { name: m.name })} onClick={() => onChange(value.filter((v) => v.id !== m.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <MerchantCombobox
        control={control}
        value=""
        selectedName={undefined}
        exclude={value.map((m) => m.id)}
        onSelect={(m) => {
          if (m && !value.some((v) => v.id === m.id)) onChange([...value, { id: m.id, name: m.name, taxId: m.taxId }]);
        }}
        onBlur={() => undefined}
      />
    </div>
  );
}
