import { Button } from '../../components/button.tsx';
import styles from './events.module.css';

export interface RefreshControlsProps {
  fetching: boolean;
  updatedAt: number;
  auto: boolean;
  onRefresh: () => void;
  onAutoChange: (auto: boolean) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Refresh now, and an opt-in refresh every 15 s; says when the list was last updated. */
export function RefreshControls({ fetching, updatedAt, auto, onRefresh, onAutoChange }: RefreshControlsProps) {
  return (
    <div className={styles.refresh}>
      <span className={styles.updated} aria-live="polite">
        {fetching ? 'Updating…' : updatedAt > 0 ? `Updated ${timeFormat.format(updatedAt)}` : ''}
      </span>
      <label className={styles.auto}>
        <input type="checkbox" checked={auto} onChange={(e) => onAutoChange(e.target.checked)} />
        Auto-refresh (15 s)
      </label>
      <Button size="small" onClick={onRefresh} disabled={fetching} aria-busy={fetching || undefined}>
        <svg className={[styles.spin, fetching && styles.spinning].filter(Boolean).join(' ')} viewBox="0 0 16 16" aria-hidden="true">
          <path d="M13.5 8a5.5 5.5 0 1 1-1.7-3.97M13.5 2.5v3h-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Refresh
      </Button>
    </div>
  );
}
