import { describe, expect, it } from 'vitest';
import { CsvRowCounter, exportFileName, exportParams, formatMegabytes } from './csv-progress.ts';

describe('CSV progress', () => {
  it('counts data rows across chunk borders, ignoring line breaks inside quoted fields', () => {
    const text = '\ufeffa;b\r\n"x\r\ny";1\r\n"say ""hi""";2\r\nlast;3';
    for (const size of [1, 2, 3, 7, text.length]) {
      const counter = new CsvRowCounter();
      for (let i = 0; i < text.length; i += size) counter.push(text.slice(i, i + size));
      expect(counter.rows(true)).toBe(3);
    }
  });

  it('a file ending in a line break has no extra row; a header alone has none', () => {
    const counter = new CsvRowCounter();
    counter.push('a,b\n1,2\n');
    expect(counter.rows(true)).toBe(1);
    const header = new CsvRowCounter();
    header.push('a,b\r\n');
    expect(header.rows(true)).toBe(0);
  });

  it('names the file after the list in the user language and the local date', () => {
    const day = new Date(2030, 0, 5, 23, 59);
    expect(exportFileName('transações', day)).toBe('transacoes-2030-01-05.csv');
    expect(exportFileName('Events', day)).toBe('events-2030-01-05.csv');
  });

  it('exports the list parameters without paging, with the columns and dialect', () => {
    expect(exportParams({ status: 'approved', page: '4', limit: '50', order_by: 'amount', q: undefined }, ['amount', 'id'], 'excel-br')).toEqual({
      status: 'approved',
      order_by: 'amount',
      columns: 'amount,id',
      csv_dialect: 'excel-br',
    });
    expect(exportParams({}, ['id'], 'rfc4180')).toEqual({ columns: 'id' });
    expect(exportParams({ status: 'denied' }, ['id'], 'excel-br', { timeZone: 'America/Sao_Paulo', language: 'pt-BR' })).toEqual({
      status: 'denied',
      columns: 'id',
      csv_dialect: 'excel-br',
      tz: 'America/Sao_Paulo',
      lang: 'pt-BR',
    });
    expect(exportParams({ cursor: 'eyJsIjoxfQ', limit: '20', status: 'denied' }, ['id'], 'rfc4180')).toEqual({ status: 'denied', columns: 'id' });
  });
});

describe('formatMegabytes', () => {
  it('shows the mebibytes received with one decimal, in the language given', () => {
    // 3 MiB and a half, 10 KiB (0.009765625 MiB, shown as 0.0) and 1.5 GiB
    expect(formatMegabytes(3.5 * 1024 * 1024, 'en-US')).toBe('3.5');
    expect(formatMegabytes(3.5 * 1024 * 1024, 'pt-BR')).toBe('3,5');
    expect(formatMegabytes(10 * 1024, 'en-US')).toBe('0.0');
    expect(formatMegabytes(1536 * 1024 * 1024, 'en-US')).toBe('1,536.0');
  });
});
