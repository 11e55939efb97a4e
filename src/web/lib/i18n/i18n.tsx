/**
 * Every user-facing text of the dashboard, in English and Brazilian Portuguese.
 *
 * HOW TO ADD MESSAGES (no central list to edit, so several people can add texts at once without conflicts):
 * 1. Next to your code, in the folder that owns it, create or extend `messages/en.json` AND `messages/pt-BR.json`
 *    (e.g. src/web/features/transactions/messages/en.json). Shared texts live in src/web/components/messages,
 *    src/web/lib/domain/messages (statuses, acquirers, brands, methods, event types) and
 *    src/web/lib/problems/messages (errors); the shell's in src/web/app/messages.
 * 2. Every key starts with the name of the folder that holds `messages/`, then a dot: `transactions.title`,
 *    `credentials.form.submit`, `components.pagination.next`. Flat keys, one level of JSON.
 * 3. Texts are ICU MessageFormat: `{name}` inserts a value, `{count, plural, one {# transação} other {# transações}}`
 *    picks the plural form, `{n, number}` formats a number. Apostrophes are plain text; `'{'` escapes a brace.
 *    Money, dates and times are formatted with lib/format.ts (formatMinorUnits, formatDateTime), which follow
 *    the active language, and passed in as values.
 * 4. In a component: `const t = useT();` then `t('transactions.title')` or `t('transactions.count', { count })`.
 *    Outside React (rare), take a `t` argument. `useI18n()` also gives `language` and `locale` (the Intl locale).
 * 5. Both languages must have the same keys with the same arguments: src/web/lib/i18n/catalogue.test.ts fails
 *    otherwise, and when code calls `t('some.key')` with a key no catalogue has. ESLint (i18next/no-literal-string
 *    in eslint.config.js) rejects literal text in JSX; folders not yet translated are listed there, once.
 * 6. Component tests render inside `I18nTestProvider` (src/web/lib/i18n/i18n-test-provider.tsx).
 *
 * How it works: tools/i18n-messages.ts (a Vite plugin) gathers each language's files into one module and compiles
 * the ICU texts to functions at build time with @messageformat/core; the browser downloads only the active
 * language's chunk and the ~0.3 KiB @messageformat/runtime. main.tsx loads it before the first render.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { setOperatorLocale } from '../format.ts';
import { intlLocale, storeLanguage, type Language } from './languages.ts';

export type Messages = Record<string, (values?: Record<string, unknown>) => string>;
export type MessageValues = Record<string, string | number | Date>;
/** `t(key, values)` formats a message; `t.has(key)` says whether one exists (for keys built from data). */
export type Translate = ((key: string, values?: MessageValues) => string) & { has: (key: string) => boolean };

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:i18n-messages/en'),
  'pt-BR': () => import('virtual:i18n-messages/pt-BR'),
};

export async function loadMessages(language: Language): Promise<Messages> {
  return (await loaders[language]()).default;
}

export function translator(messages: Messages): Translate {
  const t = (key: string, values?: MessageValues) => {
    const message = messages[key];
    if (!message) {
      if (import.meta.env.DEV) console.error(`i18n: no message ${key}`);
      return key;
    }
    return message(values);
  };
  return Object.assign(t, { has: (key: string) => Object.hasOwn(messages, key) });
}

/** Makes `language` the page's: `<html lang>`, the Intl locale of lib/format.ts. */
export function applyLanguage(language: Language): void {
  setOperatorLocale(intlLocale(language));
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export interface I18n {
  language: Language;
  /** the Intl locale for numbers and dates (pt-BR, en-US, en-GB…) */
  locale: string;
  t: Translate;
  /** loads the language's messages, then switches to it and keeps the choice on this browser */
  setLanguage: (language: Language) => Promise<void>;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ language: initialLanguage, messages: initialMessages, children }: { language: Language; messages: Messages; children: ReactNode }) {
  const [state, setState] = useState({ language: initialLanguage, messages: initialMessages });
  useEffect(() => applyLanguage(state.language), [state.language]);
  const setLanguage = useCallback(async (language: Language) => {
    const messages = await loadMessages(language);
    applyLanguage(language);
    storeLanguage(language);
    setState({ language, messages });
  }, []);
  const value = useMemo<I18n>(
    () => ({ language: state.language, locale: intlLocale(state.language), t: translator(state.messages), setLanguage }),
    [state, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n/useT outside I18nProvider (tests: wrap in I18nTestProvider)');
  return i18n;
}

/** The translate function of the active language: `t('events.title')`, `t('events.count', { count })`. */
export function useT(): Translate {
  return useI18n().t;
}
