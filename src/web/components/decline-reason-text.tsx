import { useI18n } from '../lib/i18n/i18n.tsx';
import { responseCodeText } from '../lib/domain/response-code-text.ts';
import { dash } from './data-table/column-helpers.tsx';
import styles from './decline-reason.module.css';

/** What a declined transaction's code means, in the user's language (the transaction page's decline explanation's texts). */
export default function DeclineReasonText({ code }: { code: string }) {
  const { language } = useI18n();
  const meaning = responseCodeText(language, code)?.meaning;
  return meaning ? (
    <span className={styles.reason} title={meaning}>
      {meaning}
    </span>
  ) : (
    dash
  );
}
