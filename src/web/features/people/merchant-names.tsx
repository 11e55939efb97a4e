import type { PersonMerchant } from '../../../contract/people.ts';
import { useMerchantLabel } from '../../components/merchant-combobox/merchant-multi-select.tsx';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './people.module.css';

/** Shown names before the rest is counted ("+3 more"); every one is in the title. */
const shown = 2;

/** A merchant operator's merchants in the people list: the first names, then how many more. */
export function MerchantNames({ merchants }: { merchants: readonly PersonMerchant[] }) {
  const t = useT();
  const label = useMerchantLabel();
  if (merchants.length === 0) return null;
  const rest = merchants.length - shown;
  return (
    <span className={styles.merchantNames} title={merchants.map(label).join('\n')} data-testid="person-merchants">
      {merchants
        .slice(0, shown)
        .map((m) => m.name)
        .join(', ')}
      {rest > 0 ? ` ${t('people.merchantsMore', { count: rest })}` : null}
    </span>
  );
}
