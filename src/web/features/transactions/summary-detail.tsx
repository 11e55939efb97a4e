import type { ReactNode } from 'react';
import type { Cycle, Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { mapLink, maskCard } from '../../lib/format.ts';
import { cardBrandLabels, cycleTypeLabels, label, paymentMethodLabels, statusLabels, statusTones } from '../../lib/labels.ts';
import styles from './summary-detail.module.css';

function Fact({ term, children, copy }: { term: string; children: ReactNode; copy?: string | null }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>
        <span className={styles.value}>{children ?? dash}</span>
        {copy ? <CopyButton text={copy} label={`${term} ${copy}`} className={styles.copy} /> : null}
      </dd>
    </div>
  );
}

function CycleCard({ cycle, currency, index }: { cycle: Cycle; currency: string; index: number }) {
  const geo = cycle.device?.geolocation ?? null;
  return (
    <li className={styles.cycle} data-testid="cycle">
      <div className={styles.cycleHead}>
        <span className={styles.step}>{index + 1}</span>
        <strong>{label(cycleTypeLabels, cycle.type)}</strong>
        <Badge tone={statusTones[cycle.status] ?? 'neutral'}>{label(statusLabels, cycle.status)}</Badge>
        <MoneyText amount={cycle.amount} currency={currency} className={styles.cycleAmount} />
        {cycle.createdAt ? <TimeText iso={cycle.createdAt} className={styles.cycleTime} /> : null}
      </div>
      <dl className={styles.facts}>
        <Fact term="Authorization code" copy={cycle.authorizationCode}>
          {cycle.authorizationCode}
        </Fact>
        <Fact term="Response">
          {cycle.responseCode || cycle.responseMessage ? (
            <>
              {cycle.responseCode ? <code>{cycle.responseCode}</code> : null} {cycle.responseMessage}
            </>
          ) : null}
        </Fact>
        <Fact term="RRN" copy={cycle.retrievalReferenceNumber}>
          {cycle.retrievalReferenceNumber}
        </Fact>
        <Fact term="STAN" copy={cycle.systemTraceAuditNumber}>
          {cycle.systemTraceAuditNumber}
        </Fact>
        <Fact term="Gateway transaction id" copy={cycle.gatewayTransactionId}>
          {cycle.gatewayTransactionId}
        </Fact>
        <Fact term="Device fingerprint" copy={cycle.device?.fingerprintId}>
          {cycle.device?.fingerprintId}
        </Fact>
        <Fact term="IP address">{cycle.device?.ipAddress}</Fact>
        <Fact term="Location">
          {geo ? (
            <a href={mapLink(geo[0], geo[1])} target="_blank" rel="noreferrer" className="tabular">
              {geo[0].toFixed(5)}, {geo[1].toFixed(5)}
              <span className="visually-hidden"> (map, opens in a new tab)</span>
            </a>
          ) : null}
        </Fact>
      </dl>
    </li>
  );
}

/** The expanded row: the summary's identifiers and card, then its cycles in order. */
export function SummaryDetail({ summary }: { summary: Summary }) {
  const card = summary.card;
  return (
    <div className={styles.detail}>
      <dl className={styles.summaryFacts}>
        {summary.id ? (
          <Fact term="Summary id" copy={summary.id}>
            {summary.id}
          </Fact>
        ) : null}
        <Fact term="Gateway transaction id" copy={summary.gatewayTransactionId}>
          {summary.gatewayTransactionId}
        </Fact>
        <Fact term="Payment">
          {label(paymentMethodLabels, summary.paymentMethod)}
          {summary.installments > 1 ? ` · ${summary.installments} installments` : ''}
        </Fact>
        <Fact term="Card">
          {card ? `${label(cardBrandLabels, card.brand)} ${maskCard(card.firstDigits, card.lastDigits)}` : summary.paymentMethod === 'pix' ? 'Pix (no card)' : null}
        </Fact>
        {card ? <Fact term="Holder">{card.holderName}</Fact> : null}
      </dl>
      <h3 className={styles.cyclesTitle}>
        {summary.cycles.length === 1 ? '1 cycle' : `${summary.cycles.length} cycles`}
      </h3>
      {summary.cycles.length > 0 ? (
        <ol className={styles.cycles}>
          {summary.cycles.map((cycle, i) => (
            <CycleCard key={cycle.id ?? `${cycle.gatewayTransactionId}-${i}`} cycle={cycle} currency={summary.currency} index={i} />
          ))}
        </ol>
      ) : (
        <p className={styles.none}>No cycles recorded.</p>
      )}
    </div>
  );
}
