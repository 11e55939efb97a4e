import { Button } from '../../components/button.tsx';
import { LiveIndicator } from '../../components/live-indicator.tsx';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import type { LiveTally } from './use-live-list.ts';
import styles from './events.module.css';

/** One sentence for what changed since the last announcement ("2 new events, 1 processed"). */
function describeTally(tally: LiveTally, t: ReturnType<typeof useT>): string {
  if (tally.single && tally.added === 0) return t('events.live.changedOne', { id: tally.single.eventId, status: domainLabel(t, 'status', tally.single.status) });
  return t('events.live.summary', { added: tally.added, processed: tally.processed, failed: tally.failed });
}

/**
 * Where the polling controls were: the live connection's state, the "n new" marker (arrivals this view
 * cannot show; it brings the user to them), and a polite live region with a summary at most every few seconds.
 */
export function LiveControls({ unseen, onShowNew, announcement }: { unseen: number; onShowNew: () => void; announcement: LiveTally | null }) {
  const t = useT();
  return (
    <div className={styles.live}>
      {unseen > 0 ? (
        <Button size="small" variant="primary" onClick={onShowNew} data-testid="new-events-marker">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            <path d="M8 13V3M3.5 7.5 8 3l4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t('events.live.newMarker', { count: unseen })}
        </Button>
      ) : null}
      <LiveIndicator />
      <span className="visually-hidden" aria-live="polite" data-testid="live-announcement">
        {announcement ? describeTally(announcement, t) : ''}
      </span>
    </div>
  );
}
