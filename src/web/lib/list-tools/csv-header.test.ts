import { describe, expect, it } from 'vitest';
import type { CsvDialect } from '../../../contract/export.ts';
import { CsvHeaderRewriter, splitCsvRecord } from './csv-header.ts';

const encode = (text: string) => new TextEncoder().encode(text);
/** What a download keeps: every chunk through the rewriter, then its end, decoded with the BOM kept. */
function rewrite(chunks: Uint8Array<ArrayBuffer>[], labels: Record<string, string>, dialect: CsvDialect): string {
  const rewriter = new CsvHeaderRewriter(labels, dialect);
  const out = [...chunks.flatMap((c) => rewriter.push(c)), ...rewriter.end()];
  const bytes = new Uint8Array(out.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of out) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

const ptLabels = { created_at: 'Criada em', amount: 'Valor', merchant_name: 'Estabelecimento; filial', id: 'ID "interno"' };
// the API's excel-br file: BOM, ids, `;`, comma decimals; a merchant name with an accent and a quoted `;`
// rows pass through as bytes: any two instants will do (two hours and an hour ago)
const [earlier, later] = [7_200_000, 3_600_000].map((ago) => new Date(Date.now() - ago).toISOString());
const excelBody = `${earlier};12,50;"Padaria São João; Centro";abc\r\n${later};-3,00;Café;def\r\n`;
const excelFile = '\ufeffcreated_at;amount;merchant_name;id\r\n' + excelBody;
const excelExpected = '\ufeffCriada em;Valor;"Estabelecimento; filial";"ID ""interno"""\r\n' + excelBody;

describe('CsvHeaderRewriter', () => {
  it('writes the labels as the header in the excel-br dialect: BOM, `;`, labels with a separator or a quote quoted; rows untouched', () => {
    expect(rewrite([encode(excelFile)], ptLabels, 'excel-br')).toBe(excelExpected);
  });

  it('gives the same file wherever the chunks split it: inside the BOM, an accented letter, the header or the first row', () => {
    const bytes = encode(excelFile);
    for (let cut = 1; cut < bytes.byteLength; cut++) {
      expect(rewrite([bytes.slice(0, cut), bytes.slice(cut)], ptLabels, 'excel-br'), `cut at byte ${cut}`).toBe(excelExpected);
    }
    expect(rewrite([...bytes].map((b) => Uint8Array.of(b)), ptLabels, 'excel-br')).toBe(excelExpected);
  });

  it('holds nothing back once the header has passed: each later chunk comes out as it came', () => {
    const rewriter = new CsvHeaderRewriter(ptLabels, 'rfc4180');
    expect(rewriter.push(encode('created_at,am'))).toEqual([]);
    const [header, rest] = rewriter.push(encode('ount\r\nabc,1.00\r\n'));
    expect(new TextDecoder().decode(header)).toBe('Criada em,Valor\r\n');
    expect(new TextDecoder().decode(rest)).toBe('abc,1.00\r\n');
    const later = encode('2027,2.00\r\n');
    expect(rewriter.push(later)).toEqual([later]);
    expect(rewriter.end()).toEqual([]);
  });

  it('writes plain CSV with commas and no BOM; a label with a comma or a quote is quoted, an id without a label stays', () => {
    const labels = { created_at: 'Created at', amount: 'Amount, BRL', card_brand: 'Card "brand"' };
    const file = `created_at,amount,card_brand,event_id\r\n${earlier},12.50,visa,"x,y"\r\n`;
    expect(rewrite([encode(file)], labels, 'rfc4180')).toBe(`Created at,"Amount, BRL","Card ""brand""",event_id\r\n${earlier},12.50,visa,"x,y"\r\n`);
  });

  it('rewrites a header with no rows and no line break when the stream ends, and leaves an empty stream empty', () => {
    expect(rewrite([encode('\ufeffcreated_at;amount')], ptLabels, 'excel-br')).toBe('\ufeffCriada em;Valor');
    expect(rewrite([], ptLabels, 'excel-br')).toBe('');
  });

  it('lets a first record too long to be a header pass through unchanged', () => {
    const long = 'x'.repeat(70 * 1024);
    expect(rewrite([encode(long), encode(long), encode('\r\n1\r\n')], { x: 'label' }, 'rfc4180')).toBe(`${long}${long}\r\n1\r\n`);
  });
});

describe('splitCsvRecord', () => {
  it('splits on the separator outside quotes and unquotes fields', () => {
    expect(splitCsvRecord('a;"b;c";"d ""e"""', ';')).toEqual(['a', 'b;c', 'd "e"']);
    expect(splitCsvRecord('a,,b', ',')).toEqual(['a', '', 'b']);
  });
});
