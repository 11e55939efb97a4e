import { describe, expect, it } from 'vitest';
import { csvFormatter, type CsvValue } from './csv.ts';

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
