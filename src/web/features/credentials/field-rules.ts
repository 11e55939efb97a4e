import type { AuthenticationField } from '../../../contract/providers.ts';
import type { Translate } from '../../lib/i18n/i18n.tsx';

/** Character classes providers use, in words (keys of credentials.rules.chars.*). */
const classNames: Record<string, string> = {
  'A-Za-z0-9': 'lettersDigits',
  '0-9': 'digits',
  'A-Za-z0-9_-': 'lettersDigitsDash',
  'A-Z0-9': 'upperDigits',
};

/** `^[class]{min,max}$` (or `+`): the allowed characters of a pattern, when it is that simple. */
function simpleClass(pattern: string): { chars: string; regex: RegExp } | null {
  const match = /^\^\[([^\]]+)\](?:\{\d+(?:,\d*)?\}|\+|\*)\$$/.exec(pattern);
  if (!match?.[1]) return null;
  try {
    return { chars: match[1], regex: new RegExp(`^[${match[1]}]$`, 'u') };
  } catch {
    return null;
  }
}

const quoteAll = (t: Translate, chars: string[]) => chars.map((c) => (c === ' ' ? t('credentials.rules.space') : `“${c}”`)).join(' ');

/**
 * Every rule of the provider's field that `value` breaks, in plain words: its length AND the characters it may
 * not contain (naming them), or the format description when the pattern is not a simple character class.
 */
export function brokenRules(t: Translate, field: AuthenticationField, value: string): string[] {
  const rules: string[] = [];
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    rules.push(t('credentials.rules.maxLength', { max: field.maxLength, length: value.length }));
  }
  if (field.pattern === undefined) return rules;
  const simple = simpleClass(field.pattern);
  if (simple) {
    const bad = [...new Set([...value].filter((c) => !simple.regex.test(c)))];
    if (bad.length > 0) {
      const key = classNames[simple.chars];
      const allowed = key ? t(`credentials.rules.chars.${key}`) : simple.chars;
      rules.push(t('credentials.rules.characters', { allowed, bad: quoteAll(t, bad), count: bad.length }));
    }
    return rules;
  }
  let matches = true;
  try {
    matches = new RegExp(field.pattern, 'u').test(value);
  } catch {
    matches = true;
  }
  if (!matches) rules.push(t('credentials.rules.format', { description: field.description ?? field.pattern }));
  return rules;
}

/** "Merchant ID (MID): has 16 characters, at most 15 allowed; only letters and digits, not “-” “#”." */
export function fieldMessage(t: Translate, field: AuthenticationField, value: string): string | null {
  if (value === '') return field.required ? t('credentials.rules.required', { label: field.label }) : null;
  const rules = brokenRules(t, field, value);
  return rules.length === 0 ? null : t('credentials.rules.message', { label: field.label, rules: rules.join('; ') });
}
