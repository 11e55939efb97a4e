import { useId } from 'react';
import styles from './sort-select.module.css';

export interface SortSelectProps {
  options: readonly { id: string; label: string }[];
  orderBy: string;
  direction: string;
  onChange: (orderBy: string, direction: 'asc' | 'desc') => void;
}

/** Sorting for the card layout, where there are no column headers to click. Hidden on wide screens. */
export function SortSelect({ options, orderBy, direction, onChange }: SortSelectProps) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Sort</label>
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
            {o.label} ↓ descending
          </option>,
          <option key={`${o.id}:asc`} value={`${o.id}:asc`}>
            {o.label} ↑ ascending
          </option>,
        ])}
      </select>
    </div>
  );
}
