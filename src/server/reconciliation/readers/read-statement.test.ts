import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readStatement, type ReadResult } from './read-statement.ts';
import type { StatementRecord } from './statement-record.ts';

/*
 * Sample files from outside the project:
 * - samples/cielo04-cardsync.txt: the real CIELO04 lines (header, D, E, trailer; PV 1051583117, 2026-08-03) quoted in
 *   williamsilva/CardSync src/test/java/com/cardsync/core/file/service/ProcessCielo04ServiceTest.java
 *   @ 15c299c0e12bdc6d115fadbdb3a57681baeda101, written with CR LF as there.
 * - samples/getnet-libercapital.txt: the real Getnet V10.1 lines (header of 401 characters, 1, 2, 3, 5, 6) quoted in
 *   libercapital/document-translator-go getnetextrato/translator_test.go @ 722f5e93ffd3180425ac33feb107dfd56731dac2;
 *   the trailer is ours (the quoted one counts the 47 lines of the file they were cut from).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const sample = (name: string) => readFileSync(path.join(here, 'samples', name));

function* chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(bytes: Uint8Array | string, chunkSize = 64 * 1024): Promise<ReadResult & { all: StatementRecord[] }> {
  const all: StatementRecord[] = [];
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
  const result = await readStatement(chunks(data, chunkSize), { onBatch: (records) => void all.push(...records), batchSize: 2 });
  return { ...result, all };
}

const linesOf = (name: string) => sample(name).toString('latin1').split(/\r?\n/).filter((l) => l !== '');
const fileOf = (lines: string[]) => lines.join('\n') + '\n';
/** the line with `value` written over positions start.. (1-based) */
const put = (line: string, start: number, value: string) => line.slice(0, start - 1) + value + line.slice(start - 1 + value.length);

describe('Cielo EDI v15 reader', () => {
  it('reads the real CIELO04 lines: the UR agenda and the sale it pays, trailer checked', async () => {
    const result = await read(sample('cielo04-cardsync.txt'));
    expect(result.problems).toEqual([]);
    expect(result.facts).toMatchObject({ layout: 'cielo-v15', acquirer: 'cielo', headMid: '1051583117', generatedOn: '2026-08-03', fileKind: '04' });
    expect(result.lines).toBe(4);
    const [d, e] = result.all;
    expect(d).toMatchObject({ kind: 'settlement', recordType: 'D', mid: '1051583117', grossMinor: 13211n, feeMinor: 328n, netMinor: 12883n, paymentDate: '2026-08-03' });
    expect(e).toMatchObject({
      kind: 'sale', recordType: 'E', mid: '1051583117', nsu: '046002', authorizationCode: '437940', captureDate: '2026-07-03',
      installment: 1, installments: 1, grossMinor: 13211n, feeMinor: 328n, netMinor: 12883n, cardBin: '498407', cardLast4: '3786',
      paymentDate: '2026-08-03',
    });
  });

  it('gives the same records whatever the chunk boundaries', async () => {
    const whole = await read(sample('cielo04-cardsync.txt'));
    const bytewise = await read(sample('cielo04-cardsync.txt'), 7);
    expect(bytewise.all).toEqual(whole.all);
    expect(bytewise.sha256).toBe(whole.sha256);
  });

  it('reports a truncated line with its number and the record length', async () => {
    const lines = linesOf('cielo04-cardsync.txt');
    lines[2] = (lines[2] as string).slice(0, 500);
    const result = await read(fileOf(lines));
    expect(result.problems).toContainEqual({ line: 3, field: 'record length', reason: 'record E must be 722-760 characters long, found 500 (truncated line)' });
  });

  it('reports a line longer than its record', async () => {
    const lines = linesOf('cielo04-cardsync.txt');
    lines[1] = `${lines[1] as string}X`;
    const result = await read(fileOf(lines));
    expect(result.problems).toContainEqual({ line: 2, field: 'record length', reason: 'record D must be 319-400 characters long, found 401' });
  });

  it('reports an impossible date and a non-numeric amount, naming the fields', async () => {
    const lines = linesOf('cielo04-cardsync.txt');
    lines[2] = put(put(lines[2] as string, 566, '31022026'), 276, '00000001288X3');
    const result = await read(fileOf(lines));
    expect(result.problems).toContainEqual({ line: 3, field: 'data de autorização da venda', reason: '"31022026" is not a calendar date (DDMMAAAA)' });
    expect(result.problems).toContainEqual(expect.objectContaining({ line: 3, field: 'valor líquido' }));
    expect(result.all.filter((r) => r.recordType === 'E')).toEqual([]);
  });

  it('reports a trailer whose counts or totals differ from the records', async () => {
    const lines = linesOf('cielo04-cardsync.txt');
    lines[3] = put(put(lines[3] as string, 2, '00000000003'), 14, '00000000000012884');
    const result = await read(fileOf(lines));
    expect(result.problems).toEqual([
      { line: 4, field: 'total de registros', reason: 'trailer says 3 records, the file has 2' },
      { line: 4, field: 'valor líquido (soma)', reason: 'trailer says 12884 centavos, the entries add up to 12883' },
    ]);
  });

  it('reports a file cut before its trailer', async () => {
    const lines = linesOf('cielo04-cardsync.txt').slice(0, 3);
    const result = await read(fileOf(lines));
    expect(result.problems).toEqual([{ line: 3, field: 'trailer', reason: 'the file has no trailer (type 9): truncated file?' }]);
  });

  it('refuses a file of no known layout', async () => {
    const result = await read('hello\nworld\n');
    expect(result.facts).toBeNull();
    expect(result.problems[0]).toMatchObject({ line: 1, field: 'header' });
  });
});

describe('Getnet V10 reader', () => {
  it('reads the real V10.1 lines: RV, CV, adjustment (401-character header tolerated)', async () => {
    const result = await read(sample('getnet-libercapital.txt'));
    expect(result.problems).toEqual([]);
    expect(result.facts).toMatchObject({ layout: 'getnet-v10', acquirer: 'getnet', headMid: '1013903', generatedOn: '2024-09-16', sequence: '000002516' });
    const byType = Object.fromEntries(result.all.map((r) => [r.recordType, r]));
    expect(Object.keys(byType).sort()).toEqual(['1', '2', '3']);
    expect(byType['1']).toMatchObject({ kind: 'settlement', grossMinor: 14890n, netMinor: -14890n, paymentDate: '2024-09-16', code: 'LQ', receivableUnitKey: '2024040902510656452007001' });
    expect(byType['2']).toMatchObject({
      kind: 'sale', mid: '1013903', nsu: '000002000098', authorizationCode: '0000385282', captureDate: '2024-08-16', paymentDate: '2024-09-16',
      installment: 1, installments: 6, saleTotalMinor: 2414239n, grossMinor: 402374n, feeMinor: 8775n, netMinor: 402374n - 8775n, cardBin: '650921', cardLast4: '1796',
    });
    expect(byType['3']).toMatchObject({ kind: 'adjustment', grossMinor: -14890n, code: '02', paymentDate: '2024-09-16' });
  });

  it('reports a record of the wrong length and a bad sign', async () => {
    const lines = linesOf('getnet-libercapital.txt');
    lines[2] = (lines[2] as string).slice(0, 399);
    lines[3] = put(lines[3] as string, 63, '*');
    const result = await read(fileOf(lines));
    expect(result.problems).toEqual([
      { line: 3, field: 'record length', reason: 'record 2 must be 400-401 characters long, found 399 (truncated line)' },
      { line: 4, field: 'sinal do ajuste', reason: 'position 63 must be "+" or "-", found "*"' },
    ]);
  });

  it('reports a trailer count that differs from the lines (header and trailer included)', async () => {
    const lines = linesOf('getnet-libercapital.txt');
    lines[6] = put(lines[6] as string, 2, '000000047');
    const result = await read(fileOf(lines));
    expect(result.problems).toEqual([{ line: 7, field: 'quantidade de registros', reason: 'trailer says 47 records (header and trailer included), the file has 7' }]);
  });

  it('reports an unknown record type and a date that is not one', async () => {
    const lines = linesOf('getnet-libercapital.txt');
    lines.splice(2, 0, `7${' '.repeat(399)}`);
    lines[3] = put(lines[3] as string, 38, '16132024');
    lines[7] = put(lines[7] as string, 2, '000000008');
    const result = await read(fileOf(lines));
    expect(result.problems).toEqual([
      { line: 3, field: 'tipo de registro', reason: 'unknown record type "7"' },
      { line: 4, field: 'data da transação', reason: '"16132024" is not a calendar date (DDMMAAAA)' },
    ]);
  });
});
