/**
 * Every user-facing text of the dashboard, in English and Brazilian Portuguese.
 *
 * HOW TO ADD MESSAGES (no central list to edit, so several people can add texts at once without conflicts):
 * 1. Next to your code, in the folder that owns it, create or extend `messages/en.json` AND `messages/pt-BR.json`
 *    (e.g. src/web/features/transactions/messages/en.json). Shared texts live in src/web/components/messages,
 *    src/contract/domain/messages (statuses, acquirers, brands, methods, event types: the API's CSV export writes them
 *    too) and
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
 *    in eslint.config.js) rejects literal text in JSX (docs/design.md, Text and languages).
 * 6. Component tests render inside `I18nTestProvider` (src/web/lib/i18n/i18n-test-provider.tsx).
 *
 * 7. A feature's texts (src/web/features/<name>/…/messages) are their own chunk, loaded with the feature's pages:
 *    app/router.tsx names the feature of each page (`guarded(scopes, 'events', …)`). Code in a feature uses its own
 *    keys and the shared ones, never another feature's (the catalogue test checks it). Nothing else to register.
 *
 * How it works: tools/i18n-messages.ts (a Vite plugin) gathers each language's files into a core module (the shell,
 * components/, lib/, sign-in) and one module per feature, and compiles the ICU texts to functions at build time with
 * @messageformat/core; the browser downloads only the active language's chunks, only for the pages it opens, and the
 * ~0.3 KiB @messageformat/runtime. main.tsx loads the core before the first render.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import featureBundles from 'virtual:i18n-messages/bundles';
import { setOperatorLocale } from '../format.ts';
import { intlLocale, storeLanguage, type Language } from './languages.ts';

// The compiled messages' runtime (number formatting, plural selection; ~0.3 KiB) is re-exported here so it rides in
// the entry chunk: every language chunk needs it, and as a chunk of its own it cost ~1 KiB of response headers more.
// (The plural rules themselves are written into each language chunk by tools/i18n-messages.ts.)
export { number, plural, select } from '@messageformat/runtime';

export type Messages = Record<string, (values?: Record<string, unknown>) => string>;
export type MessageValues = Record<string, string | number | Date>;
/** `t(key, values)` formats a message; `t.has(key)` says whether one exists (for keys built from data). */
export type Translate = ((key: string, values?: MessageValues) => string) & { has: (key: string) => boolean };

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  en: () => import('virtual:i18n-messages/en'),
  'pt-BR': () => import('virtual:i18n-messages/pt-BR'),
};

/** Each language's catalogue: its core texts plus every feature bundle loaded into it, one object grown in place. */
const catalogues = new Map<Language, Promise<Messages>>();
/** The features whose pages have been opened: a language switch loads their texts in the new language too. */
const openedFeatures = new Set<string>();
let activeLanguage: Language = 'en';

function catalogueOf(language: Language): Promise<Messages> {
  let catalogue = catalogues.get(language);
  if (!catalogue) {
    catalogue = loaders[language]().then((m) => ({ ...m.default }));
    catalogues.set(language, catalogue);
    // a chunk that failed to load (offline) is asked for again next time
    catalogue.catch(() => catalogues.delete(language));
  }
  return catalogue;
}

async function loadInto(language: Language, features: Iterable<string>): Promise<Messages> {
  const [catalogue, ...parts] = await Promise.all([
    catalogueOf(language),
    ...[...features].map(async (feature) => {
      const loader = featureBundles[feature]?.[language];
      if (!loader) throw new Error(`i18n: no messages bundle for feature ${feature}`);
      return (await loader()).default;
    }),
  ]);
  for (const part of parts) Object.assign(catalogue, part);
  return catalogue;
}

/** The core texts of `language` plus those of every feature opened so far (main.tsx, the language switch). */
export function loadMessages(language: Language): Promise<Messages> {
  return loadInto(language, openedFeatures);
}

/** Every text of `language`, all features included (tests). */
export function loadAllMessages(language: Language): Promise<Messages> {
  return loadInto(language, Object.keys(featureBundles));
}

/**
 * Loads a feature's texts in the active language before its page renders (app/router.tsx, beside the page's chunk):
 * they join the active catalogue, which the provider's `t` reads from, and follow later language switches.
 */
export async function loadFeatureMessages(feature: string): Promise<void> {
  openedFeatures.add(feature);
  await loadInto(activeLanguage, [feature]);
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
  activeLanguage = language;
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
    await loadMessages(language);
    applyLanguage(language);
    // again, now that it is active: a feature page opened while the first load ran is in the catalogue too
    const messages = await loadMessages(language);
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
