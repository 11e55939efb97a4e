import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatDate, formatDateTime, formatWeekdayDate, formatMinorUnits, formatMonth, formatUtc, maskCard } from './format.ts';

describe('formatAmount', () => {
  it('formats decimal text exactly, beyond float precision', () => {
    expect(formatAmount('1234567890123.45', 'BRL', 'en-US')).toBe('R$1,234,567,890,123.45');
    expect(formatAmount('999999999999999.99', 'USD', 'en-US')).toBe('$999,999,999,999,999.99');
  });
  it('uses the locale and currency', () => {
    expect(formatAmount('150.00', 'BRL', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 150,00');
  });
  it('formats minor units through decimal text', () => {
    expect(formatMinorUnits(123456789012345n, 'BRL', 'en-US')).toBe('R$1,234,567,890,123.45');
    expect(formatMinorUnits(5, 'BRL', 'en-US')).toBe('R$0.05');
  });
});

describe('formatUtc', () => {
  it('keeps nanoseconds', () => {
    expect(formatUtc('2026-11-21T13:45:12.123456789Z')).toBe('2026-11-21T13:45:12.123456789Z');
  });
  it('converts offsets to UTC and keeps the fraction length', () => {
    expect(formatUtc('2026-11-21T22:45:12.120-03:00')).toBe('2026-11-22T01:45:12.120Z');
    expect(formatUtc('2026-11-21T13:45:12Z')).toBe('2026-11-21T13:45:12Z');
  });
  it('returns unparseable text unchanged', () => {
    expect(formatUtc('yesterday')).toBe('yesterday');
  });
});

describe('formatDateTime', () => {
  it('renders in the given time zone', () => {
    const text = formatDateTime('2026-11-21T13:45:12.123456789Z', 'America/Sao_Paulo', 'en-GB');
    expect(text).toContain('10:45:12');
    expect(text).toContain('21 Nov 2026');
  });
});

describe('formatDate', () => {
  it('writes a calendar day in the locale, the same day whatever the time zone', () => {
    expect(formatDate('2026-03-05', 'pt-BR')).toBe('05/03/2026');
    expect(formatDate('2026-03-05', 'en-US')).toBe('03/05/2026');
    expect(formatDate('2026-12-31', 'en-GB')).toBe('31/12/2026');
  });
});

describe('formatWeekdayDate', () => {
  it('names the weekday of the calendar day, whatever the machine zone', () => {
    // 5 March 2026 is a Thursday (a calendar fact)
    expect(formatWeekdayDate('2026-03-05', 'en-US')).toBe('Thu, 03/05/2026');
    expect(formatWeekdayDate('2026-03-05', 'pt-BR')).toMatch(/^qui\.?, 05\/03\/2026$/);
  });
});

describe('maskCard', () => {
  it('shows BIN and last four only', () => {
    expect(maskCard('411111', '1234')).toBe('411111 •••• 1234');
    expect(maskCard(null, null)).toBe('—');
  });
});

describe('formatCount (also the CSV export progress)', () => {
  it('groups a whole count in the language given', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'pt-BR')).toBe('1.234.567');
  });
});

describe('formatMonth (the margin by month)', () => {
  it('writes a calendar month in the language, the same month whatever the zone', () => {
    expect(formatMonth('2026-08', 'en-US')).toBe('Aug 2026');
    expect(formatMonth('2026-01', 'pt-BR')).toBe('jan. de 2026');
    expect(formatMonth('2026-12', 'pt-BR')).toBe('dez. de 2026');
  });
});
