import type { Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './transaction-page.module.css';

/** The cycles in order, as a timeline: what happened, when, with the acquirer's answer. */
export function CycleTimeline({ summary }: { summary: Summary }) {
  const t = useT();
  return (
    <section className={styles.panel} aria-labelledby="cycles-title">
      <h2 id="cycles-title">{t('transactions.cycles.title', { count: summary.cycles.length })}</h2>
      <ol className={styles.timeline}>
        {summary.cycles.map((cycle, i) => (
          <li key={cycle.id ?? i} className={styles.step} data-status={cycle.status} data-testid="cycle">
            <span className={styles.dot} aria-hidden="true" />
            <div className={styles.stepHead}>
              <strong>{domainLabel(t, 'cycleType', cycle.type)}</strong>
              <Badge tone={statusTones[cycle.status] ?? 'neutral'}>{domainLabel(t, 'status', cycle.status)}</Badge>
              <MoneyText amount={cycle.amount} currency={summary.currency} className={styles.stepAmount} />
            </div>
            <div className={styles.stepMeta}>
              {cycle.createdAt ? <TimeText iso={cycle.createdAt} /> : null}
              {cycle.responseCode ? (
                <span>
                  {t('transactions.cycles.response', { code: cycle.responseCode, message: cycle.responseMessage ?? '' })}
                </span>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
