import type { LiveStatus } from '../lib/live/event-stream.ts';
import { useLiveStatus } from '../lib/live/use-live-events.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import styles from './live-indicator.module.css';

/** The live connection's state as a dot and a word: Live, Connecting…, Reconnecting…, Offline (announced politely). */
export function LiveIndicator({ status: given }: { status?: LiveStatus }) {
  const t = useT();
  const current = useLiveStatus();
  const status = given ?? current;
  return (
    <span className={[styles.indicator, styles[status]].join(' ')} data-testid="live-indicator" data-status={status} title={t(`components.live.${status}.hint`)}>
      <span className={styles.dot} aria-hidden="true" />
      <span role="status">{t(`components.live.${status}`)}</span>
    </span>
  );
}
