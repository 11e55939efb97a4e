import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProviderName } from '../../contract/enums.ts';
import type { Database } from '../db/client.ts';
import { defaultTerms, type FeeRates } from '../../contract/fee-plans.ts';
import { cycles, feePlans, feePlanVersions, receivables, transactionSummaries } from '../db/schema.ts';
import { percentText } from '../fee-plans/plan-rates.ts';
import type { ExpectedPayment } from '../seed/statements/settlement-discrepancies.ts';
import { addDays, costRateBps } from './expectations.ts';
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

/**
 * The receivables of the approved sales, written straight to the table (the test's own schedule, independent of
 * receivables/schedule.ts): installment k of n with the remainder on the first, a cost fee of `costBps` rounded down (or `costFeeOf`),
 * due on the capture day + 1 (debit) or + 30·k (credit). Refunded sales get cancelled receivables.
 */
export async function insertReceivables(database: Database, organizationId: string, acquirer: ProviderName, sales: readonly FixtureSale[], costBps = 250n,
  costFeeOf = (gross: bigint) => (gross * costBps) / 10_000n): Promise<ExpectedPayment[]> {
  const expected: ExpectedPayment[] = [];
  const rows: (typeof receivables.$inferInsert)[] = [];
  for (const s of sales) {
    if (s.status === 'denied') continue;
    const n = BigInt(s.installments);
    for (let k = 1; k <= s.installments; k++) {
      const gross = s.amountMinor / n + (k === 1 ? s.amountMinor % n : 0n);
      const costFee = costFeeOf(gross);
      const dueDate = addDays(s.capturedOn, s.method === 'debit_card' ? 1 : 30 * k);
      const id = `rcv-${s.summaryId}-${k}`;
      rows.push({
        id, organizationId, merchantId: s.merchantId, summaryId: s.summaryId, sourceCycleId: `cy-${s.summaryId}`, kind: 'installment', installment: k,
        installments: s.installments, receiverTaxId: '12345678000190', acquirer, paymentMethod: s.method, brand: 'mastercard',
        product: s.method === 'debit_card' ? 'debit' : 'credit', grossMinor: gross, feeMinor: 0n, costFeeMinor: costFee, netMinor: gross,
        feeRateBps: 0, costRateBps: Number(costBps), capturedOn: s.capturedOn, dueDate, originalDueDate: dueDate,
        status: s.status === 'refunded' ? 'cancelled' : 'scheduled',
      });
      if (s.status === 'approved') expected.push({ receivableId: id, sale: s, installment: k, installments: s.installments, grossMinor: gross, costFeeMinor: costFee, dueDate });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(receivables).values(rows.slice(i, i + 1000));
  return expected;
}

/** the cost rates the statement generator charges for `acquirer` (expectations.ts), as a fee plan's rates */
export function generatorCostRates(acquirer: ProviderName): FeeRates {
  const rate = (method: 'debit_card' | 'credit_card', n: number) => percentText(costRateBps(acquirer, method, n));
  return { debit: rate('debit_card', 1), credit: rate('credit_card', 1), credit2to6: rate('credit_card', 2), credit7to12: rate('credit_card', 7), pix: '0.00', anticipationMonthly: '1.00' };
}

/** A cost plan of `acquirer` for the organization, one version per entry (version 1 first). */
export async function insertCostPlan(database: Database, organizationId: string, acquirer: ProviderName, versions: readonly { effectiveFrom: string; rates: FeeRates }[]): Promise<void> {
  const id = `cost-${organizationId}-${acquirer}`;
  await database.db.insert(feePlans).values({ id, organizationId, kind: 'cost', name: `Custo ${acquirer}`, acquirer, version: versions.length });
  await database.db.insert(feePlanVersions).values(versions.map((v, i) => ({ planId: id, version: i + 1, effectiveFrom: v.effectiveFrom, rates: v.rates, terms: defaultTerms })));
}
