import type { ReactNode } from 'react';
import { I18nProvider, applyLanguage, loadAllMessages, type Messages } from './i18n.tsx';
import type { Language } from './languages.ts';

const loaded = new Map<Language, Messages>();

/** Loads a language's compiled messages for component tests: `await loadTestMessages('pt-BR')` in beforeAll. */
export async function loadTestMessages(language: Language = 'en'): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, await loadAllMessages(language));
  applyLanguage(language);
}

/** Wraps a component under test in the real catalogue of `language` (loaded first with loadTestMessages). */
export function I18nTestProvider({ language = 'en', children }: { language?: Language; children: ReactNode }) {
  const messages = loaded.get(language);
  if (!messages) throw new Error(`call loadTestMessages('${language}') before rendering`);
  return (
    <I18nProvider language={language} messages={messages}>
      {children}
    </I18nProvider>
  );
}
