import { describe, expect, it } from 'vitest';
import { intlLocale, languageFromPreferences } from './languages.ts';

describe('language choice', () => {
  it('picks Brazilian Portuguese for any Portuguese preference', () => {
    expect(languageFromPreferences(['pt-BR'])).toBe('pt-BR');
    expect(languageFromPreferences(['pt'])).toBe('pt-BR');
    expect(languageFromPreferences(['en-US', 'PT-pt'])).toBe('pt-BR');
  });

  it('picks English otherwise, including for no preference', () => {
    expect(languageFromPreferences(['en-GB'])).toBe('en');
    expect(languageFromPreferences(['de-DE', 'es'])).toBe('en');
    expect(languageFromPreferences(['ptx'])).toBe('en');
    expect(languageFromPreferences([])).toBe('en');
  });

  it('formats Portuguese as pt-BR and English in the browser’s English variant', () => {
    expect(intlLocale('pt-BR', ['pt-PT'])).toBe('pt-BR');
    expect(intlLocale('en', ['de', 'en-GB'])).toBe('en-GB');
    expect(intlLocale('en', ['de'])).toBe('en-US');
  });
});
