import styles from './data-table.module.css';
import { useT } from '../../lib/i18n/i18n.tsx';

export interface ExpandButtonProps {
  expanded: boolean;
  /** Id of the detail panel it opens. */
  controls: string;
  /** What it expands, e.g. "transaction 0123…": the name reads "Show details of transaction 0123…". */
  label: string;
  onToggle: () => void;
  /** the pointer is over it or it has the focus: the panel's code can start loading */
  onIntent?: () => void;
}

/** Disclosure for a row's detail panel; aria-controls only while the panel exists. */
export function ExpandButton({ expanded, controls, label, onToggle, onIntent }: ExpandButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className={styles.expand}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={t(expanded ? 'components.table.hideDetails' : 'components.table.showDetails', { label })}
      title={t(expanded ? 'components.table.hideDetailsShort' : 'components.table.showDetailsShort')}
      onClick={onToggle}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.chevron} data-open={expanded}>
        <path d="M6 3.5 10.5 8 6 12.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
