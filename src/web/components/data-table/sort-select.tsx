import { useId } from 'react';
import styles from './sort-select.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface SortSelectProps {
  options: readonly { id: string; label: string }[];
  orderBy: string;
  direction: string;
  onChange: (orderBy: string, direction: 'asc' | 'desc') => void;
}

/** Sorting for the card layout, where there are no column headers to click. Hidden on wide screens. */
export function SortSelect({ options, orderBy, direction, onChange }: SortSelectProps) {
  const id = useId();
  const t = useT();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>{t('components.sort.label')}</label>
      <select
        id={id}
        value={`${orderBy}:${direction}`}
        onChange={(e) => {
          const [by = orderBy, dir] = e.target.value.split(':');
          onChange(by, dir === 'asc' ? 'asc' : 'desc');
        }}
      >
        {options.flatMap((o) => [
          <option key={`${o.id}:desc`} value={`${o.id}:desc`}>
            {t('components.sort.descending', { label: o.label })}
          </option>,
          <option key={`${o.id}:asc`} value={`${o.id}:asc`}>
            {t('components.sort.ascending', { label: o.label })}
          </option>,
        ])}
      </select>
    </div>
  );
}
