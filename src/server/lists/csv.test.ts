import { describe, expect, it } from 'vitest';
import { csvFormatter, type CsvValue } from './csv.ts';
import { acceptedLanguage, scriptCsvContext, type CsvContext } from './csv-words.ts';

const one = (value: CsvValue, dialect: 'rfc4180' | 'excel-br' = 'rfc4180') =>
  csvFormatter([{ id: 'x', value: (row: { v: CsvValue }) => row.v }], dialect).rows([{ v: value }]).replace(/\r\n$/, '');

describe('CSV cells', () => {
  it('writes text a spreadsheet would evaluate with a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = one(`${start}HYPERLINK("http://x")`);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${start}HYPERLINK("http://x")`);
    }
    expect(one('=1+1')).toBe("'=1+1");
    expect(one('Maria = Silva')).toBe('Maria = Silva');
  });

  it('leaves numbers and amounts alone, negative ones included', () => {
    expect(one(-3)).toBe('-3');
    expect(one({ minor: -1250n })).toBe('-12.50');
    expect(one({ minor: -1250n }, 'excel-br')).toBe('-12,50');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(one('a,b')).toBe('"a,b"');
    expect(one('a;b', 'excel-br')).toBe('"a;b"');
    expect(one('say "hi"')).toBe('"say ""hi"""');
    expect(one(null)).toBe('');
  });
});

describe('CSV cells in a time zone and a language (issue 23)', () => {
  const inContext = (value: CsvValue, context: CsvContext) =>
    csvFormatter([{ id: 'x', value: (row: { v: CsvValue }) => row.v }], 'rfc4180', context).rows([{ v: value }]).replace(/\r\n$/, '');
  const sp: CsvContext = { timeZone: 'America/Sao_Paulo', words: 'pt-BR', texts: 'pt-BR' };

  it('writes an instant as wall time with its offset, the fraction kept, across a DST change, and Z without a zone', () => {
    expect(inContext({ at: '2026-11-25T14:03:00.000Z' }, sp)).toBe('2026-11-25T11:03:00.000-03:00');
    expect(inContext({ at: '2026-11-25T14:03:00.123456789Z' }, sp)).toBe('2026-11-25T11:03:00.123456789-03:00');
    expect(inContext({ at: '2026-11-25T02:00:00.000Z' }, sp)).toBe('2026-11-24T23:00:00.000-03:00');
    const ny: CsvContext = { ...scriptCsvContext, timeZone: 'America/New_York' };
    expect(inContext({ at: '2026-03-08T06:59:59.000Z' }, ny)).toBe('2026-03-08T01:59:59.000-05:00');
    expect(inContext({ at: '2026-03-08T07:00:00.000Z' }, ny)).toBe('2026-03-08T03:00:00.000-04:00');
    expect(inContext({ at: '2026-11-25T14:03:00.000Z' }, { ...scriptCsvContext, timeZone: 'UTC' })).toBe('2026-11-25T14:03:00.000Z');
    expect(inContext({ at: '2026-11-25T14:03:00.000Z' }, scriptCsvContext)).toBe('2026-11-25T14:03:00.000Z');
  });

  it('writes codes as words only in a language, and a decline reason only for a denied transaction', () => {
    expect(inContext({ word: 'status', code: 'approved' }, scriptCsvContext)).toBe('approved');
    expect(inContext({ word: 'status', code: 'approved' }, sp)).toBe('Aprovada');
    expect(inContext({ word: 'paymentMethod', code: 'credit_card' }, sp)).toBe('Cartão de crédito');
    expect(inContext({ word: 'cardBrand', code: 'some_new_brand' }, sp)).toBe('some_new_brand');
    expect(inContext({ word: 'cardBrand', code: null }, sp)).toBe('');
    expect(inContext({ reason: { status: 'denied', code: '51' } }, sp)).toBe('Saldo ou limite insuficiente.');
    expect(inContext({ reason: { status: 'denied', code: '51' } }, scriptCsvContext)).toBe('Not enough balance or credit limit.');
    expect(inContext({ reason: { status: 'approved', code: '00' } }, sp)).toBe('');
    expect(inContext({ reason: { status: 'denied', code: 'ZZ' } }, sp)).toBe('');
  });

  it('reads the texts’ language from Accept-Language: pt in any region is pt-BR, English is en, the rest none', () => {
    expect(acceptedLanguage('pt-BR,pt;q=0.9,en;q=0.8')).toBe('pt-BR');
    expect(acceptedLanguage('pt-PT')).toBe('pt-BR');
    expect(acceptedLanguage('en-US,en;q=0.9')).toBe('en');
    expect(acceptedLanguage('fr;q=1, pt;q=0.5, en;q=0.7')).toBe('en');
    expect(acceptedLanguage('pt;q=0, en')).toBe('en');
    expect(acceptedLanguage('*')).toBeNull();
    expect(acceptedLanguage(undefined)).toBeNull();
  });
});
