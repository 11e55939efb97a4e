import { Suspense, use } from 'react';
import { declineReason, type ResponseCodeTexts } from '../../contract/response-codes.ts';
import { useI18n } from '../lib/i18n/i18n.tsx';
import type { Language } from '../lib/i18n/languages.ts';
import { dash } from './data-table/column-helpers.tsx';
import styles from './decline-reason.module.css';

/*
 * The lists' "Decline reason" column (off by default): what a declined transaction's ABECS code means, in the
 * user's language, from the same texts as the transaction page's decline explanation (src/contract/response-code-
 * texts-*.ts). Those texts load with the first row that shows one, in the user's language only, never with the list.
 */
const loaders: Record<Language, () => Promise<ResponseCodeTexts>> = {
  en: () => import('../../contract/response-code-texts-en.ts').then((m) => m.responseCodeTextsEn),
  'pt-BR': () => import('../../contract/response-code-texts-pt.ts').then((m) => m.responseCodeTextsPt),
};
const loading = new Map<Language, Promise<ResponseCodeTexts>>();

function textsOf(language: Language): Promise<ResponseCodeTexts> {
  let texts = loading.get(language);
  if (!texts) {
    texts = loaders[language]();
    loading.set(language, texts);
    // a chunk that failed to load (offline) is asked for again by the next row
    texts.catch(() => loading.delete(language));
  }
  return texts;
}

function Reason({ status, code, language }: { status: string; code: string | null; language: Language }) {
  const reason = declineReason(use(textsOf(language)), status, code);
  return reason ? (
    <span className={styles.reason} title={reason}>
      {reason}
    </span>
  ) : (
    dash
  );
}

/** A declined transaction's reason (a dash for any other, or a code the catalogue lacks). */
export function DeclineReason({ status, code }: { status: string; code: string | null }) {
  const { language } = useI18n();
  if (status !== 'denied' || code === null) return dash;
  return (
    <Suspense fallback={dash}>
      <Reason status={status} code={code} language={language} />
    </Suspense>
  );
}
