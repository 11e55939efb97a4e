import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Cycle, Summary } from '../../../contract/summaries.ts';
import { Badge } from '../../components/badge.tsx';
import { CopyButton } from '../../components/copy-button.tsx';
import { dash } from '../../components/data-table/column-helpers.tsx';
import { MapLink } from '../../components/map-link.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { TimeText } from '../../components/time-text.tsx';
import { domainLabel, statusTones } from '../../lib/domain/domain-labels.ts';
import { maskCard } from '../../lib/format.ts';
import { useI18n, useT } from '../../lib/i18n/i18n.tsx';
import { transactionPath } from '../../lib/paths.ts';
import { responseCodeText } from '../../lib/domain/response-code-text.ts';
import { summaryRowId } from './transactions-columns.tsx';
import styles from './cycle-details.module.css';

function Fact({ term, copy, children }: { term: string; copy?: string | null; children: ReactNode }) {
  const t = useT();
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>
        <span className={styles.value}>{children ?? <span className={styles.none}>{dash}</span>}</span>
        {copy ? <CopyButton text={copy} label={t('transactions.cycle.copy', { term, value: copy })} className={styles.copy} /> : null}
      </dd>
    </div>
  );
}

/** The ABECS code, what it means in the user's language (the catalogue), and the acquirer's own words. */
function Response({ cycle }: { cycle: Cycle }) {
  const { t, language } = useI18n();
  if (!cycle.responseCode && !cycle.responseMessage) return null;
  const text = responseCodeText(language, cycle.responseCode);
  return (
    <span className={styles.response}>
      {cycle.responseCode ? <code className={styles.code}>{cycle.responseCode}</code> : null}
      <span data-testid="response-meaning">{text ? text.meaning : t('transactions.cycle.responseUnknown')}</span>
      {cycle.responseMessage ? <span className={styles.acquirerSaid}>{t('transactions.cycle.acquirerSaid', { message: cycle.responseMessage })}</span> : null}
    </span>
  );
}

function CycleItem({ cycle, currency, index }: { cycle: Cycle; currency: string; index: number }) {
  const t = useT();
  const geo = cycle.device?.geolocation ?? null;
  return (
    <li className={styles.cycle} data-testid="cycle" data-status={cycle.status}>
      <div className={styles.head}>
        <span className={styles.step} aria-hidden="true">
          {index + 1}
        </span>
        <strong>{domainLabel(t, 'cycleType', cycle.type)}</strong>
        <Badge tone={statusTones[cycle.status] ?? 'neutral'}>{domainLabel(t, 'status', cycle.status)}</Badge>
        <MoneyText amount={cycle.amount} currency={currency} className={styles.amount} />
        {cycle.createdAt ? <TimeText iso={cycle.createdAt} className={styles.time} /> : null}
      </div>
      <dl className={styles.facts}>
        <Fact term={t('transactions.ids.authorization')} copy={cycle.authorizationCode}>
          {cycle.authorizationCode}
        </Fact>
        <Fact term={t('transactions.cycle.response')}>
          <Response cycle={cycle} />
        </Fact>
        <Fact term={t('transactions.ids.rrn')} copy={cycle.retrievalReferenceNumber}>
          {cycle.retrievalReferenceNumber}
        </Fact>
        <Fact term={t('transactions.ids.nsu')} copy={cycle.systemTraceAuditNumber}>
          {cycle.systemTraceAuditNumber}
        </Fact>
        <Fact term={t('transactions.cycle.device')}>
          {cycle.device ? (
            <span className={styles.device}>
              {cycle.device.fingerprintId ? <code>{cycle.device.fingerprintId}</code> : null}
              {cycle.device.ipAddress ? <span>{t('transactions.cycle.ip', { ip: cycle.device.ipAddress })}</span> : null}
              {geo ? <MapLink lat={geo[0]} lon={geo[1]} /> : null}
            </span>
          ) : null}
        </Fact>
      </dl>
    </li>
  );
}

/**
 * A transactions row opened in place (issue 21): its cycles in order, from the list's own data (no request per row),
 * each with its type, status, amount, time, authorization code, response code and its meaning, RRN, STAN and device.
 */
export function CycleDetails({ row: summary }: { row: Summary }) {
  const t = useT();
  const id = summaryRowId(summary);
  return (
    <div className={styles.detail}>
      <p className={styles.lead}>
        <span>{t('transactions.cycles.title', { count: summary.cycles.length })}</span>
        {summary.card ? (
          <span className={styles.card}>
            {domainLabel(t, 'cardBrand', summary.card.brand)} {maskCard(summary.card.firstDigits, summary.card.lastDigits)}
          </span>
        ) : null}
        <Link to={transactionPath(id)} className={styles.open}>
          {t('transactions.cycle.open')}
        </Link>
      </p>
      {summary.cycles.length > 0 ? (
        <ol className={styles.cycles}>
          {summary.cycles.map((cycle, i) => (
            <CycleItem key={cycle.id ?? `${cycle.gatewayTransactionId}-${i}`} cycle={cycle} currency={summary.currency} index={i} />
          ))}
        </ol>
      ) : (
        <p className={styles.none}>{t('transactions.cycle.none')}</p>
      )}
    </div>
  );
}
