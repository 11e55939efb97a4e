import { Button } from '../../components/button.tsx';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import styles from './events.module.css';

export interface RefreshControlsProps {
  fetching: boolean;
  updatedAt: number;
  auto: boolean;
  onRefresh: () => void;
  onAutoChange: (auto: boolean) => void;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(locale: string): Intl.DateTimeFormat {
  let format = timeFormats.get(locale);
  if (!format) timeFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' })));
  return format;
}

/** Refresh now, and an opt-in refresh every 15 s; says when the list was last updated. */
export function RefreshControls({ fetching, updatedAt, auto, onRefresh, onAutoChange }: RefreshControlsProps) {
  const { t, locale } = useI18n();
  return (
    <div className={styles.refresh}>
      <span className={styles.updated} aria-live="polite">
        {fetching ? t('events.refresh.updating') : updatedAt > 0 ? t('events.refresh.updated', { time: timeFormat(locale).format(updatedAt) }) : ''}
      </span>
      <label className={styles.auto}>
        <input type="checkbox" checked={auto} onChange={(e) => onAutoChange(e.target.checked)} />
        {t('events.refresh.auto')}
      </label>
      <Button size="small" onClick={onRefresh} disabled={fetching} aria-busy={fetching || undefined}>
        <svg className={[styles.spin, fetching && styles.spinning].filter(Boolean).join(' ')} viewBox="0 0 16 16" aria-hidden="true">
          <path d="M13.5 8a5.5 5.5 0 1 1-1.7-3.97M13.5 2.5v3h-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {t('events.refresh.now')}
      </Button>
    </div>
  );
}
