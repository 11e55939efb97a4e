import { addDays } from '../../reconciliation/expectations.ts';
import { hash128, Rng } from '../prng.ts';
import type { StatementPayment } from './cielo-v15-writer.ts';
import type { PlatformSale } from './discrepancies.ts';
import type { StatementEntry } from './statement-entry.ts';

/** A receivable of the platform (issue 25) as an acquirer would pay it: gross less the acquirer's fee, on its due date. */
export interface ExpectedPayment {
  receivableId: string;
  sale: PlatformSale;
  installment: number;
  installments: number;
  grossMinor: bigint;
  /** what the acquirer charges (the receivable's cost fee) */
  costFeeMinor: bigint;
  dueDate: string;
}

export const settlementDiscrepancyKinds = ['paid_amount', 'paid_date', 'not_paid', 'unknown_payment'] as const;
export type SettlementDiscrepancyKind = (typeof settlementDiscrepancyKinds)[number];

export interface InjectedSettlement {
  kind: SettlementDiscrepancyKind;
  /** null for a payment no receivable expects */
  receivableId: string | null;
  summaryId: string | null;
  nsu: string;
  /** centavos paid minus centavos expected (paid_amount: negative, a deduction; unknown_payment: what was paid) */
  differenceMinor: bigint;
  /** the day it was paid (null: not paid) */
  paidOn: string | null;
}

export interface BuiltSettlement {
  payments: StatementPayment[];
  injected: InjectedSettlement[];
}

function entryOf(p: ExpectedPayment): StatementEntry {
  const s = p.sale;
  return {
    kind: 'sale', mid: s.mid, nsu: s.nsu, authorizationCode: s.authorizationCode, date: s.capturedOn, time: s.time, method: s.method,
    installment: p.installment, installments: p.installments, saleTotalMinor: s.amountMinor, grossMinor: p.grossMinor, feeMinor: p.costFeeMinor,
    paymentDate: p.dueDate, cardBin: s.cardBin, cardLast4: s.cardLast4,
  };
}

/**
 * What an acquirer pays for these receivables, one payment per MID, payment day and method, with `counts`
 * discrepancies of each kind on distinct receivables chosen by `seed`: an installment paid with a deduction of a few
 * centavos to a few reais, one paid 1–5 days after its due date, one not paid, a payment for a sale the platform never
 * made. Returns the payments and what was injected.
 */
export function buildSettlement(expected: readonly ExpectedPayment[], counts: Partial<Record<SettlementDiscrepancyKind, number>>, seed: number): BuiltSettlement {
  const rng = new Rng(hash128(`settlement|${seed}`));
  const order = expected.map((p) => p.receivableId);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  const chosen = new Map<string, SettlementDiscrepancyKind>();
  for (const kind of settlementDiscrepancyKinds) {
    if (kind === 'unknown_payment') continue;
    for (let n = 0; n < (counts[kind] ?? 0); n++) {
      const id = order.pop();
      if (id === undefined) throw new Error('more settlement discrepancies than receivables');
      chosen.set(id, kind);
    }
  }
  const groups = new Map<string, StatementPayment>();
  const pay = (entry: StatementEntry, paidOn: string) => {
    const key = `${entry.mid}|${paidOn}|${entry.method}`;
    const group = groups.get(key) ?? { mid: entry.mid, paymentDate: paidOn, entries: [] };
    group.entries.push(entry);
    groups.set(key, group);
  };
  const injected: InjectedSettlement[] = [];
  for (const p of expected) {
    const kind = chosen.get(p.receivableId);
    const entry = entryOf(p);
    const note = (differenceMinor: bigint, paidOn: string | null) => {
      if (kind) injected.push({ kind, receivableId: p.receivableId, summaryId: p.sale.summaryId, nsu: p.sale.nsu, differenceMinor, paidOn });
    };
    if (kind === 'not_paid') {
      note(-(p.grossMinor - p.costFeeMinor), null);
      continue;
    }
    let paidOn = p.dueDate;
    if (kind === 'paid_amount') {
      const deduction = BigInt(rng.int(1, 300));
      entry.feeMinor += deduction;
      note(-deduction, paidOn);
    } else if (kind === 'paid_date') {
      paidOn = addDays(p.dueDate, rng.int(1, 5));
      note(0n, paidOn);
    }
    pay(entry, paidOn);
  }
  for (let n = 0; n < (counts.unknown_payment ?? 0); n++) {
    const model = expected[rng.int(0, Math.max(0, expected.length - 1))];
    if (!model) break;
    const sale: PlatformSale = { ...model.sale, summaryId: '', nsu: `9${rng.digits(5)}`, authorizationCode: `U${rng.alnumUpper(5)}`, installments: 1, amountMinor: BigInt(rng.int(1_000, 90_000)) };
    const gross = sale.amountMinor;
    const fee = (gross * 2n) / 100n;
    const entry = entryOf({ receivableId: '', sale, installment: 1, installments: 1, grossMinor: gross, costFeeMinor: fee, dueDate: model.dueDate });
    injected.push({ kind: 'unknown_payment', receivableId: null, summaryId: null, nsu: sale.nsu, differenceMinor: gross - fee, paidOn: model.dueDate });
    pay(entry, model.dueDate);
  }
  return { payments: [...groups.values()], injected };
}
