import type { Summary } from '../../../contract/summaries.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { formatUtc } from '../../lib/format.ts';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './transaction-page.module.css';

interface Identifier {
  key: string;
  value: string | null | undefined;
}

/** Which ids to quote to this acquirer, most useful first, each with what it is (the acquirer's own name for the MID). */
export function AcquirerIdentifiers({ summary }: { summary: Summary }) {
  const t = useT();
  const main = summary.cycles.find((c) => c.type === 'authorization' || c.type === 'pre_authorization') ?? summary.cycles[0];
  const ids: Identifier[] = [
    { key: 'mid', value: summary.acquirerMerchantId },
    { key: 'tid', value: summary.acquirerTerminalId },
    { key: 'nsu', value: main?.systemTraceAuditNumber },
    { key: 'authorization', value: main?.authorizationCode },
    { key: 'rrn', value: main?.retrievalReferenceNumber },
    { key: 'gateway', value: summary.paymentMethod === 'pix' ? main?.gatewayTransactionId : summary.gatewayTransactionId },
    { key: 'date', value: main?.createdAt ? formatUtc(main.createdAt) : summary.createdAt ? formatUtc(summary.createdAt) : null },
  ];
  const acquirer = domainLabel(t, 'acquirer', summary.acquirer);
  return (
    <section className={styles.panel} aria-labelledby="acquirer-ids-title" data-testid="acquirer-ids">
      <h2 id="acquirer-ids-title">{t('transactions.ids.title')}</h2>
      <p className={styles.muted}>{t('transactions.ids.intro', { acquirer })}</p>
      <dl className={styles.idList}>
        {ids
          .filter((id) => id.value)
          .map((id) => (
            <div key={id.key} className={styles.idRow}>
              <dt>
                {t(`transactions.ids.${id.key}`, { acquirer, mid: t(`transactions.ids.midName.${summary.acquirer}`) })}
                <span className={styles.idHint}>{t(`transactions.ids.${id.key}.hint`, { acquirer })}</span>
              </dt>
              <dd>
                <code>{id.value}</code>
                <CopyButton text={id.value ?? ''} label={`${t(`transactions.ids.${id.key}`, { acquirer, mid: '' })} ${id.value ?? ''}`} />
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
