import { useT } from '../lib/i18n/i18n.tsx';
import styles from './technical-details.module.css';

/** The API's own words behind a translated problem (problem details stay English), folded away for support. */
export function TechnicalDetails({ text }: { text: string | null }) {
  const t = useT();
  if (!text) return null;
  return (
    <details className={styles.details}>
      <summary>{t('problems.technical')}</summary>
      <pre lang="en">{text}</pre>
    </details>
  );
}
