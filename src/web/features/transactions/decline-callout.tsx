import type { Summary } from '../../../contract/summaries.ts';
import { isKnownResponseCode, responseCodes } from '../../../contract/response-codes.ts';
import { useI18n } from '../../lib/i18n/i18n.tsx';
import { responseCodeText } from '../../lib/domain/response-code-text.ts';
import styles from './transaction-page.module.css';

/** The cycle that declined: the last denied one. */
export function declinedCycle(summary: Summary) {
  return summary.cycles.findLast((c) => c.status === 'denied') ?? null;
}

/** At the top of a denied transaction: what the code means, who declined, whether a retry can work, what to say. */
export function DeclineCallout({ summary }: { summary: Summary }) {
  const { t, language } = useI18n();
  const cycle = declinedCycle(summary);
  if (summary.status !== 'denied' || !cycle) return null;
  const code = cycle.responseCode ?? '';
  const texts = responseCodeText(language, code);
  const known = isKnownResponseCode(code) && texts !== null;
  return (
    <section className={styles.callout} role="note" aria-labelledby="decline-title" data-testid="decline-callout">
      <h2 id="decline-title" className={styles.calloutTitle}>
        {t('transactions.decline.title', { code: code || '—' })}
        {known ? <span className={styles.calloutMeaning}>{texts.meaning}</span> : null}
      </h2>
      {cycle.responseMessage ? <p className={styles.calloutRaw}>{t('transactions.decline.acquirerSaid', { message: cycle.responseMessage })}</p> : null}
      {known ? (
        <dl className={styles.calloutFacts}>
          <div>
            <dt>{t('transactions.decline.who')}</dt>
            <dd>{t(`transactions.decline.source.${responseCodes[code].source}`)}</dd>
          </div>
          <div>
            <dt>{t('transactions.decline.retry')}</dt>
            <dd>{t(`transactions.decline.retry.${responseCodes[code].retry}`)}</dd>
          </div>
          <div>
            <dt>{t('transactions.decline.customer')}</dt>
            <dd>{texts.customer}</dd>
          </div>
          <div>
            <dt>{t('transactions.decline.merchant')}</dt>
            <dd>{texts.merchant}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('transactions.decline.unknown')}</p>
      )}
    </section>
  );
}
