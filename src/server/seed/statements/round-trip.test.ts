import { describe, expect, it } from 'vitest';
import { readStatement } from '../../reconciliation/readers/read-statement.ts';
import type { StatementRecord } from '../../reconciliation/readers/statement-record.ts';
import { writeCieloV15 } from './cielo-v15-writer.ts';
import { buildStatement, type PlatformSale } from './discrepancies.ts';
import { writeGetnetV10 } from './getnet-v10-writer.ts';
import type { FileHeader, StatementEntry } from './statement-entry.ts';

const day = '2026-03-02';
const sales: PlatformSale[] = Array.from({ length: 40 }, (_v, i) => ({
  summaryId: `s${i}`,
  mid: '1012345678',
  nsu: String(1000 + i).padStart(6, '0'),
  authorizationCode: `A${String(i).padStart(5, '0')}`,
  capturedOn: day,
  time: '101500',
  method: i % 3 === 0 ? 'debit_card' : 'credit_card',
  installments: i % 3 === 0 ? 1 : (i % 5) + 1,
  amountMinor: BigInt(1_001 + i * 997),
  refunded: i === 7,
  cardBin: '411111',
  cardLast4: String(1000 + i),
}));
const header: FileHeader = { headMid: '1012345678', generatedOn: '2026-03-03', periodStart: day, periodEnd: day, sequence: 12 };

async function readLines(lines: Iterable<string>): Promise<{ records: StatementRecord[]; problems: unknown[] }> {
  const records: StatementRecord[] = [];
  const bytes = Buffer.from([...lines].join('\r\n') + '\r\n', 'latin1');
  const result = await readStatement([bytes], { onBatch: (batch) => void records.push(...batch) });
  return { records, problems: result.problems };
}

function expectSameSales(records: StatementRecord[], entries: StatementEntry[]) {
  const sold = records.filter((r) => r.kind === 'sale');
  const written = entries.filter((e) => e.kind === 'sale');
  expect(sold).toHaveLength(written.length);
  const key = (mid: string, nsu: string | null, k: number | null) => `${mid}|${Number(nsu)}|${k}`;
  const byKey = new Map(sold.map((r) => [key(r.mid, r.nsu, r.installment), r]));
  for (const e of written) {
    const r = byKey.get(key(e.mid, e.nsu, e.installment));
    expect(r, `${e.nsu}/${e.installment}`).toBeDefined();
    expect(r).toMatchObject({ captureDate: e.date, paymentDate: e.paymentDate, installments: e.installments, grossMinor: e.grossMinor, feeMinor: e.feeMinor, netMinor: e.grossMinor - e.feeMinor, saleTotalMinor: e.saleTotalMinor });
    expect(r?.authorizationCode?.replace(/^0+/, '')).toBe(e.authorizationCode);
  }
  expect(records.filter((r) => r.kind === 'adjustment')).toHaveLength(entries.filter((e) => e.kind === 'adjustment').length);
}

describe('statement writers → readers', () => {
  const built = buildStatement('cielo', sales, { missing: 2, unknown: 2, amount: 2, fee: 2, payment_date: 2, adjustment: 2 }, 7);

  it('injects each discrepancy on a distinct sale and reports it', () => {
    expect(built.injected.map((d) => d.kind).sort()).toEqual(['adjustment', 'adjustment', 'amount', 'amount', 'fee', 'fee', 'missing', 'missing', 'payment_date', 'payment_date', 'unknown', 'unknown']);
    const concerned = built.injected.filter((d) => d.summaryId !== null).map((d) => d.summaryId);
    expect(new Set(concerned).size).toBe(concerned.length);
    expect(concerned).not.toContain('s7');
  });

  it('a Cielo v15 file reads back line for line, trailer totals right', async () => {
    const { records, problems } = await readLines(writeCieloV15(header, built.entries));
    expect(problems).toEqual([]);
    expectSameSales(records, built.entries);
  });

  it('a Getnet V10 file reads back line for line, trailer count right', async () => {
    const getnet = buildStatement('getnet', sales.map((s) => ({ ...s, mid: '4455667788' })), { fee: 1, unknown: 1 }, 3);
    const { records, problems } = await readLines(writeGetnetV10({ ...header, headMid: '4455667788' }, getnet.entries));
    expect(problems).toEqual([]);
    expectSameSales(records, getnet.entries);
    expect(records.filter((r) => r.kind === 'settlement').length).toBeGreaterThan(0);
  });
});
