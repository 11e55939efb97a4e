import type { Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './transaction-page.module.css';

/** A cycle's own references (a refund has its own RRN and NSU, not the sale's): RRN = the acquirer's, NSU = the terminal's STAN. */
function CycleIds({ rrn, nsu }: { rrn: string | null; nsu: string | null }) {
  const t = useT();
  const text = rrn && nsu ? t('transactions.cycles.ids', { rrn, nsu }) : rrn ? t('transactions.cycles.rrn', { rrn }) : nsu ? t('transactions.cycles.nsu', { nsu }) : null;
  return text ? (
    <span className={styles.stepIds} data-testid="cycle-ids">
      {text}
    </span>
  ) : null;
}

/** Why a pending sale is pending, from its cycles: an approved authorization awaits its capture, otherwise the answer. */
export function pendingReason(summary: Summary): 'authorized' | 'awaiting' | null {
  if (summary.status !== 'pending') return null;
  const approvedAuth = summary.cycles.some((c) => (c.type === 'authorization' || c.type === 'pre_authorization') && c.status === 'approved');
  return approvedAuth ? 'authorized' : 'awaiting';
}

/** The cycles in order, as a timeline: what happened, when, with the acquirer's answer. */
export function CycleTimeline({ summary }: { summary: Summary }) {
  const t = useT();
  return (
    <section className={styles.panel} aria-labelledby="cycles-title">
      <h2 id="cycles-title">{t('transactions.cycles.title', { count: summary.cycles.length })}</h2>
      {pendingReason(summary) ? (
        <p className={styles.pendingNote} data-testid="pending-note">
          {pendingReason(summary) === 'authorized' ? t('transactions.pending.authorized') : t('transactions.pending.awaiting')}
        </p>
      ) : null}
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
              <CycleIds rrn={cycle.retrievalReferenceNumber} nsu={cycle.systemTraceAuditNumber} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
