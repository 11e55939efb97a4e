/**
 * The dashboard's languages and how one is chosen: the preference saved on this browser by the language switch,
 * else Brazilian Portuguese when any of the browser's preferred languages is Portuguese, else English. Pure
 * except where it reads navigator/localStorage, so tools/i18n-messages.ts (the build) can import the list.
 */
export const languages = ['en', 'pt-BR'] as const;
export type Language = (typeof languages)[number];

/** Each language's own name (an autonym, the same in every language), for the switch. */
export const languageNames: Record<Language, string> = { en: 'English', 'pt-BR': 'Português' };

/** A language preference, not a secret: localStorage is fine for it. */
const storageKey = 'acquirer-console.language';

export const isLanguage = (value: unknown): value is Language => languages.includes(value as Language);

/** Portuguese for any `pt` preference (pt, pt-BR, pt-PT…), English otherwise. */
export function languageFromPreferences(preferences: readonly string[]): Language {
  return preferences.some((p) => p.toLowerCase() === 'pt' || p.toLowerCase().startsWith('pt-')) ? 'pt-BR' : 'en';
}

export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(storageKey);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Storage disabled: the choice lasts until the page reloads.
  }
}

const browserPreferences = (): readonly string[] => (typeof navigator === 'undefined' ? [] : navigator.languages);

export function initialLanguage(): Language {
  return storedLanguage() ?? languageFromPreferences(browserPreferences());
}

/**
 * The Intl locale for numbers and dates: pt-BR for Portuguese; for English the browser's first English variant
 * (en-GB keeps day-first dates), else en-US.
 */
export function intlLocale(language: Language, preferences: readonly string[] = browserPreferences()): string {
  if (language === 'pt-BR') return 'pt-BR';
  return preferences.find((p) => p.toLowerCase() === 'en' || p.toLowerCase().startsWith('en-')) ?? 'en-US';
}
