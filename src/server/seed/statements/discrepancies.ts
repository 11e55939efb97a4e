import type { PaymentMethod, ProviderName } from '../../../contract/enums.ts';
import { costFeeMinor, expectedPaymentDate, splitMinor, addDays } from '../../reconciliation/expectations.ts';
import { hash128, Rng } from '../prng.ts';
import type { StatementEntry } from './statement-entry.ts';

/** A sale of the platform as an acquirer's file would describe it. */
export interface PlatformSale {
  summaryId: string;
  mid: string;
  nsu: string;
  authorizationCode: string;
  /** YYYY-MM-DD (São Paulo) and HHMMSS */
  capturedOn: string;
  time: string;
  method: PaymentMethod;
  installments: number;
  amountMinor: bigint;
  /** refunded or canceled on the platform: the file carries the sale and a cancellation adjustment */
  refunded: boolean;
  cardBin: string;
  cardLast4: string;
}

export const discrepancyKinds = ['missing', 'unknown', 'amount', 'fee', 'payment_date', 'adjustment'] as const;
export type DiscrepancyKind = (typeof discrepancyKinds)[number];
export type DiscrepancyCounts = Partial<Record<DiscrepancyKind, number>>;

/** What was changed on purpose: the reconciliation must find exactly these. */
export interface InjectedDiscrepancy {
  kind: DiscrepancyKind;
  /** the platform's sale it concerns; null for a sale unknown to the platform */
  summaryId: string | null;
  mid: string;
  nsu: string;
  authorizationCode: string;
  capturedOn: string;
}

export interface BuiltStatement {
  entries: StatementEntry[];
  injected: InjectedDiscrepancy[];
}

function entriesOf(acquirer: ProviderName, sale: PlatformSale): StatementEntry[] {
  const fee = costFeeMinor(acquirer, sale.method, sale.installments, sale.amountMinor);
  const grosses = splitMinor(sale.amountMinor, sale.installments);
  const fees = splitMinor(fee, sale.installments);
  return grosses.map((gross, i) => ({
    kind: 'sale',
    mid: sale.mid,
    nsu: sale.nsu,
    authorizationCode: sale.authorizationCode,
    date: sale.capturedOn,
    time: sale.time,
    method: sale.method,
    installment: i + 1,
    installments: sale.installments,
    saleTotalMinor: sale.amountMinor,
    grossMinor: gross,
    feeMinor: fees[i] as bigint,
    paymentDate: expectedPaymentDate(sale.method, sale.capturedOn, i + 1),
    cardBin: sale.cardBin,
    cardLast4: sale.cardLast4,
  }));
}

function cancellation(sale: PlatformSale, paymentDate: string): StatementEntry {
  return {
    kind: 'adjustment', mid: sale.mid, nsu: sale.nsu, authorizationCode: sale.authorizationCode, date: sale.capturedOn, time: sale.time,
    method: sale.method, installment: 1, installments: 1, saleTotalMinor: sale.amountMinor, grossMinor: sale.amountMinor, feeMinor: 0n,
    paymentDate, cardBin: sale.cardBin, cardLast4: sale.cardLast4,
  };
}

/**
 * The lines an acquirer would send for these sales, with `counts` discrepancies of each kind injected on distinct
 * sales chosen by `seed` (never a refunded one, whose file already carries an adjustment): a sale left out, a sale
 * the platform never made, an amount off by some centavos, a fee above the plan's cost, an installment paid on
 * another day, a cancellation of a sale the platform did not cancel. Returns what was injected.
 */
export function buildStatement(acquirer: ProviderName, sales: readonly PlatformSale[], counts: DiscrepancyCounts, seed: number): BuiltStatement {
  const rng = new Rng(hash128(`statement|${acquirer}|${seed}`));
  const candidates = sales.filter((s) => !s.refunded).map((s) => s.summaryId);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] as string, candidates[i] as string];
  }
  const needed = discrepancyKinds.filter((k) => k !== 'unknown').reduce((s, k) => s + (counts[k] ?? 0), 0);
  if (needed > candidates.length) throw new Error(`${needed} discrepancies need as many sales; only ${candidates.length} can take one`);
  const chosen = new Map<string, DiscrepancyKind>();
  for (const kind of discrepancyKinds) {
    if (kind === 'unknown') continue;
    for (let n = 0; n < (counts[kind] ?? 0); n++) chosen.set(candidates.pop() as string, kind);
  }
  const entries: StatementEntry[] = [];
  const injected: InjectedDiscrepancy[] = [];
  for (const sale of sales) {
    const kind = chosen.get(sale.summaryId);
    const lines = entriesOf(acquirer, sale);
    if (kind !== undefined) injected.push({ kind, summaryId: sale.summaryId, mid: sale.mid, nsu: sale.nsu, authorizationCode: sale.authorizationCode, capturedOn: sale.capturedOn });
    if (kind === 'missing') continue;
    const first = lines[0] as StatementEntry;
    if (kind === 'amount') {
      const delta = BigInt(rng.int(1, 500));
      for (const line of lines) line.saleTotalMinor += delta;
      first.grossMinor += delta;
    } else if (kind === 'fee') {
      // above the plan's cost by more than the matcher's rounding tolerance (⌊(installments + 1) / 2⌋ centavos, expected-cost.ts)
      first.feeMinor += BigInt(rng.int(1, 300) + sale.installments);
    } else if (kind === 'payment_date') {
      first.paymentDate = addDays(first.paymentDate, rng.int(1, 5));
    }
    entries.push(...lines);
    if (sale.refunded) entries.push(cancellation(sale, addDays(sale.capturedOn, 1)));
    if (kind === 'adjustment') entries.push(cancellation(sale, addDays(sale.capturedOn, 2)));
  }
  for (let n = 0; n < (counts.unknown ?? 0); n++) {
    const model = sales[rng.int(0, Math.max(0, sales.length - 1))];
    const unknown: PlatformSale = {
      summaryId: '', mid: model?.mid ?? '1000000001', nsu: `9${rng.digits(5)}`, authorizationCode: `U${rng.alnumUpper(5)}`,
      capturedOn: model?.capturedOn ?? '2026-01-05', time: '120000', method: 'credit_card', installments: 1,
      amountMinor: BigInt(rng.int(1_000, 90_000)), refunded: false, cardBin: '411111', cardLast4: rng.digits(4),
    };
    injected.push({ kind: 'unknown', summaryId: null, mid: unknown.mid, nsu: unknown.nsu, authorizationCode: unknown.authorizationCode, capturedOn: unknown.capturedOn });
    entries.push(...entriesOf(acquirer, unknown));
  }
  return { entries, injected };
}
