import type { Summary } from '../../../contract/summaries.ts';
import { mapLink } from '../../components/map-link.tsx';
import { domainLabel } from '../../lib/domain/domain-labels.ts';
import { useT } from '../../lib/i18n/i18n.tsx';
import styles from './transaction-page.module.css';

/** IP, device and location of each cycle, and the gateway ids: folded away, one click to open. */
export function TechnicalDetails({ summary }: { summary: Summary }) {
  const t = useT();
  return (
    <details className={styles.panel} data-testid="technical-details">
      <summary>{t('transactions.tech.title')}</summary>
      <dl className={styles.techList}>
        <div>
          <dt>{t('transactions.tech.gateway')}</dt>
          <dd>
            <code>{summary.gatewayTransactionId}</code>
          </dd>
        </div>
        {summary.cycles.map((c, i) => {
          const geo = c.device?.geolocation ?? null;
          return (
            <div key={c.id ?? i}>
              <dt>{domainLabel(t, 'cycleType', c.type)}</dt>
              <dd className={styles.techCycle}>
                <span>{t('transactions.tech.gatewayCycle', { id: c.gatewayTransactionId })}</span>
                <span>{t('transactions.tech.ip', { ip: c.device?.ipAddress ?? '—' })}</span>
                <span>{t('transactions.tech.device', { id: c.device?.fingerprintId ?? '—' })}</span>
                {geo ? (
                  <a href={mapLink(geo[0], geo[1])} target="_blank" rel="noreferrer">
                    {t('transactions.tech.location', { lat: geo[0].toFixed(5), lon: geo[1].toFixed(5) })}
                  </a>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
