import { useId, useState } from 'react';
import { useI18n } from '../lib/i18n/i18n.tsx';
import { isLanguage, languageNames, languages } from '../lib/i18n/languages.ts';
import styles from './language-switch.module.css';

/**
 * Picks the dashboard's language; the choice is kept on this browser (lib/i18n/languages.ts). `compact` hides the
 * visible label on narrow screens (the shell's header), keeping it for screen readers.
 */
export function LanguageSwitch({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { language, setLanguage, t } = useI18n();
  const [failed, setFailed] = useState(false);
  const id = useId();
  return (
    <div className={[styles.switch, compact && styles.compact, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {t('components.language.label')}
      </label>
      <select
        id={id}
        className={styles.select}
        value={language}
        aria-invalid={failed || undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          setFailed(false);
          setLanguage(next).catch(() => setFailed(true));
        }}
      >
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageNames[l]}
          </option>
        ))}
      </select>
      {failed ? (
        <span role="alert" className={styles.error}>
          {t('components.language.failed')}
        </span>
      ) : null}
    </div>
  );
}
