import { minorToDecimal } from '../../contract/money.ts';
import { timestampToNs } from '../../contract/filters.ts';

let activeLocale = 'pt-BR';

/** Set by the i18n provider (lib/i18n/i18n.tsx) whenever the dashboard's language changes. */
export function setOperatorLocale(locale: string): void {
  activeLocale = locale;
}

/** The Intl locale of the dashboard's language (pt-BR, or the browser's English variant): see lib/i18n/languages.ts. */
export function operatorLocale(): string {
  return activeLocale;
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * Formats decimal text in its currency without ever turning it into a float: Intl.NumberFormat.format
 * takes the string itself as an exact decimal (ECMA-402 NumberFormat v3).
 */
export function formatAmount(decimalText: string, currency: string, locale = operatorLocale()): string {
  const key = `${locale}|${currency}`;
  let format = amountFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      return `${decimalText} ${currency}`;
    }
    amountFormats.set(key, format);
  }
  // The string overload is standard (NumberFormat v3); lib.dom types only list number | bigint.
  return format.format(decimalText as unknown as number);
}

/** Integer minor units (centavos) to formatted currency, through decimal text. */
export function formatMinorUnits(minor: number | bigint, currency: string, locale = operatorLocale()): string {
  return formatAmount(minorToDecimal(minor), currency, locale);
}

function toMillis(iso: string): number | null {
  const ns = timestampToNs(iso);
  if (ns !== null) return Number(ns / 1_000_000n);
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Constructing an Intl.DateTimeFormat costs far more than formatting with one: one per locale and zone. */
function dateTimeFormat(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZone,
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** Local date and time in the operator's (or the given) time zone, to the second. */
export function formatDateTime(iso: string, timeZone?: string, locale = operatorLocale()): string {
  const ms = toMillis(iso);
  if (ms === null) return iso;
  return dateTimeFormat(locale, timeZone).format(ms);
}

/**
 * The exact UTC instant as ISO 8601 text, keeping every fractional digit of the original (nanoseconds
 * included): `2026-11-21T10:45:12.123456789-03:00` -> `2026-11-21T13:45:12.123456789Z`.
 */
export function formatUtc(iso: string): string {
  const ns = timestampToNs(iso);
  if (ns === null) return iso;
  const fraction = /T\d{2}:\d{2}(?::\d{2}\.(\d+))?/.exec(iso)?.[1] ?? '';
  const seconds = ns >= 0n ? ns / 1_000_000_000n : (ns - 999_999_999n) / 1_000_000_000n;
  const base = new Date(Number(seconds) * 1000).toISOString().slice(0, 19);
  const nanos = (ns - seconds * 1_000_000_000n).toString().padStart(9, '0');
  return `${base}${fraction ? `.${nanos.slice(0, fraction.length)}` : ''}Z`;
}

const dayFormat = (locale: string, weekday: boolean) =>
  new Intl.DateTimeFormat(locale, { ...(weekday ? { weekday: 'short' as const } : {}), day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** A calendar day `2026-03-05` as the language writes it: 05/03/2026 / 03/05/2026 (a calendar fact: no time zone). */
export function formatDate(day: string, locale = operatorLocale()): string {
  return dayFormat(locale, false).format(new Date(`${day}T00:00:00Z`));
}

/** The same day with its weekday, where the day of the week matters (a due date): "Thu, 03/05/2026" / "qui., 05/03/2026". */
export function formatWeekdayDate(day: string, locale = operatorLocale()): string {
  return dayFormat(locale, true).format(new Date(`${day}T00:00:00Z`));
}

/** BIN and last four only, never more: '411111 •••• 1234'. */
export function maskCard(bin: string | null | undefined, last4: string | null | undefined): string {
  if (!bin && !last4) return '—';
  return `${bin ?? '••••••'} •••• ${last4 ?? '••••'}`;
}

/** Local date and time with its zone's short name ("21/11/2026, 10:45:12 BRT") and the IANA zone it is in. */
export function formatDateTimeWithZone(iso: string, locale = operatorLocale()): { text: string; zone: string } {
  const ms = toMillis(iso);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (ms === null) return { text: iso, zone };
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'long' }).format(ms);
  return { text, zone };
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${locale}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/** A calendar month `2026-08` as the language writes it: "Aug 2026" / "ago. de 2026" (a calendar fact: no time zone). */
export function formatMonth(month: string, locale = operatorLocale()): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}

/** A whole count with the language's grouping: 12,345 / 12.345. */
export function formatCount(count: number, locale = operatorLocale()): string {
  return numberFormat(locale, 'count', { maximumFractionDigits: 0 }).format(count);
}

/** A ratio as a percentage with one decimal: 0.9132 → 91.3%. */
export function formatPercent(ratio: number, locale = operatorLocale()): string {
  return numberFormat(locale, 'percent', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratio);
}

/** A relative change with its sign: 0.125 → +12.5%, -0.04 → −4.0%. */
export function formatChange(ratio: number, locale = operatorLocale()): string {
  return numberFormat(locale, 'change', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/** Percentage points with their sign: 2.2 → +2.2. */
export function formatPoints(points: number, locale = operatorLocale()): string {
  return numberFormat(locale, 'points', { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(points);
}

/** A short amount for chart axes (R$ 12 mil, R$12K): plotting only, never for exact sums. */
export function formatCompactAmount(value: number, currency: string, locale = operatorLocale()): string {
  return numberFormat(locale, `compact|${currency}`, { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
