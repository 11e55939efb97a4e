import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProviderName } from '../../contract/enums.ts';
import type { Database } from '../db/client.ts';
import { cycles, transactionSummaries } from '../db/schema.ts';
import type { PlatformSale } from '../seed/statements/discrepancies.ts';

/** São Paulo's calendar day of an instant, computed with Intl (independently of the SQL the matcher uses). */
export const saoPauloDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(ms);

export interface FixtureSale extends PlatformSale {
  merchantId: string;
  status: 'approved' | 'refunded' | 'denied';
}

/**
 * `perDay` card sales on each of `days` consecutive days from `firstDayMs` (10:00–18:00 São Paulo), for the given
 * acquirer and MIDs, written to transaction_summaries and cycles; every 9th refunded, every 13th denied, every 4th
 * in installments. NSU and authorization code are unique per sale.
 */
export async function insertSales(database: Database, organizationId: string, acquirer: ProviderName, mids: Record<string, string>, firstDayMs: number, days: number, perDay: number, offset = 0): Promise<FixtureSale[]> {
  const merchants = Object.keys(mids);
  const sales: FixtureSale[] = [];
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < perDay; i++) {
      const n = offset + d * perDay + i;
      const at = firstDayMs + d * 86_400_000 + (13 + (i % 8)) * 3_600_000 + i * 1000;
      const merchantId = merchants[n % merchants.length] as string;
      const status = n % 13 === 5 ? 'denied' : n % 9 === 4 ? 'refunded' : 'approved';
      const method = n % 5 === 0 ? 'debit_card' : 'credit_card';
      sales.push({
        summaryId: `sum${acquirer}${String(n).padStart(6, '0')}`, merchantId, status, mid: mids[merchantId] as string,
        nsu: String(100_000 + n).slice(-6), authorizationCode: `Q${String(n).padStart(5, '0')}`, capturedOn: saoPauloDay(at),
        time: new Date(at - 3 * 3_600_000).toISOString().slice(11, 19).replaceAll(':', ''), method,
        installments: method === 'credit_card' && n % 4 === 1 ? 3 : 1, amountMinor: BigInt(1_000 + ((n * 7919) % 90_000)),
        refunded: status === 'refunded', cardBin: '516292', cardLast4: String(1000 + (n % 9000)),
      });
      (sales.at(-1) as FixtureSale & { at?: number }).at = at;
    }
  }
  for (let i = 0; i < sales.length; i += 2000) {
    const chunk = sales.slice(i, i + 2000) as (FixtureSale & { at: number })[];
    await database.db.insert(transactionSummaries).values(chunk.map((s) => ({
      id: s.summaryId, organizationId, merchantId: s.merchantId, createdAt: new Date(s.at), acquirer, paymentMethod: s.method, status: s.status,
      amountMinor: s.amountMinor, currency: 'BRL', installments: s.installments, gatewayTransactionId: `gw-${s.summaryId}`, cardBrand: 'mastercard',
      cardFirstDigits: s.cardBin, cardLastDigits: s.cardLast4, acquirerMerchantId: s.mid, acquirerTerminalId: 'T0000001',
    })));
    await database.db.insert(cycles).values(chunk.map((s) => ({
      id: `cy-${s.summaryId}`, summaryId: s.summaryId, seq: 0, createdAt: new Date(s.at), type: 'authorization', status: s.status === 'denied' ? 'denied' : 'approved',
      amountMinor: s.amountMinor, authorizationCode: s.status === 'denied' ? null : s.authorizationCode, systemTraceAuditNumber: s.nsu, gatewayTransactionId: `gwc-${s.summaryId}`,
    })));
  }
  return sales;
}

/** Writes lines to a temporary file; returns its path and a function removing it. */
export async function writeLines(lines: Iterable<string>, name = 'statement.txt'): Promise<{ file: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rx-'));
  const file = path.join(dir, name);
  await writeFile(file, [...lines].join('\r\n') + '\r\n', 'latin1');
  return { file, remove: () => rm(dir, { recursive: true, force: true }) };
}
