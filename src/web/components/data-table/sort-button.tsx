import type { ReactNode } from 'react';
import styles from './data-table.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface SortButtonProps {
  direction: false | 'asc' | 'desc';
  nextDirection: false | 'asc' | 'desc';
  align?: 'start' | 'end' | undefined;
  onToggle: () => void;
  children: ReactNode;
}

/** The header's sort control: a real button (Enter/Space), with the order it would apply next in its name. */
export function SortButton({ direction, nextDirection, align, onToggle, children }: SortButtonProps) {
  const t = useT();
  const hint = t(nextDirection === 'asc' ? 'components.table.sortAscending' : nextDirection === 'desc' ? 'components.table.sortDescending' : 'components.table.sort');
  return (
    <button
      type="button"
      className={[styles.sort, align === 'end' && styles.sortEnd, direction && styles.sorted].filter(Boolean).join(' ')}
      onClick={onToggle}
      title={hint}
    >
      <span>{children}</span>
      <svg className={styles.sortIcon} viewBox="0 0 10 14" aria-hidden="true" data-direction={direction || 'none'}>
        <path className={styles.up} d="M5 1 9 5.5H1z" />
        <path className={styles.down} d="M5 13 1 8.5h8z" />
      </svg>
    </button>
  );
}
