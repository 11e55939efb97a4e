/**
 * The receivables schedule, pure: what a sale's cycles mean for the money its merchant will receive.
 *
 * - An approved capture creates one receivable per installment: the captured amount split with the remainder on
 *   the first installment (money.ts), each priced on its own gross at the merchant's price plan (fee, MDR) and at the
 *   acquirer's cost plan (cost fee), both half-even, net = gross − fee. Installment k of a credit sale is due at
 *   capture date + creditDays·k, a debit sale at + debitDays, a Pix at + pixDays; then the next business day
 *   (business-calendar.ts). original_due_date keeps the date before that move.
 * - An approved refund, void or reversal takes its own amount off the sale (capped at what is left). Spreading rule:
 *   it reduces the OPEN receivables from the last installment backwards (the latest money first, as the acquirers
 *   do with a partial refund), each down to zero at most; a receivable reduced to zero is `cancelled`. Fees are
 *   recomputed on the reduced gross at the receivable's own rate. What is left once no open receivable remains was
 *   already paid: it is booked as one negative `adjustment` receivable on the merchant's next unit (same arrangement
 *   and acquirer, the next business day after the refund), and the settled receivables it reverses, from the last
 *   backwards, become `adjusted`.
 * Statuses: scheduled (open), settled (paid), cancelled, adjusted; `overdue` is a scheduled one whose due date has
 * passed, derived when read (receivable-status.ts), never stored.
 */
import { applyRate, splitInstallments } from './money.ts';
import { addDays, nextBusinessDay, saoPauloDate, type IsoDate } from './business-calendar.ts';
import { saleRate, termsOf, versionOn, type PlanVersion } from '../fee-plans/plan-rates.ts';

export type StoredStatus = 'scheduled' | 'settled' | 'cancelled' | 'adjusted';

export interface Receivable {
  id: string;
  organizationId: string;
  merchantId: string;
  summaryId: string;
  /** the capture cycle of an installment; the refund (void, reversal) cycle of an adjustment */
  sourceCycleId: string;
  kind: 'installment' | 'adjustment';
  installment: number;
  installments: number;
  receiverTaxId: string;
  acquirer: string;
  paymentMethod: string;
  /** the arrangement: card brand ('pix' for Pix) and product (debit, credit, pix) */
  brand: string;
  product: 'debit' | 'credit' | 'pix';
  grossMinor: bigint;
  feeMinor: bigint;
  costFeeMinor: bigint;
  netMinor: bigint;
  /** what refunds, voids and reversals took off this receivable before it was paid */
  refundedMinor: bigint;
  feeRateBps: number;
  costRateBps: number;
  pricePlanId: string | null;
  pricePlanVersion: number | null;
  costPlanId: string | null;
  costPlanVersion: number | null;
  capturedOn: IsoDate;
  dueDate: IsoDate;
  originalDueDate: IsoDate;
  status: StoredStatus;
  settledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SaleForSchedule {
  id: string;
  organizationId: string;
  merchantId: string;
  receiverTaxId: string;
  acquirer: string;
  paymentMethod: string;
  cardBrand: string | null;
  installments: number;
}

export interface CycleForSchedule {
  id: string;
  type: string;
  status: string;
  amountMinor: bigint;
  createdAt: Date;
}

export interface PlanRef {
  id: string;
  versions: readonly PlanVersion[];
}

/** The plans that price a sale: the merchant's price plan and its acquirer's cost plan (either may be missing: no fee). */
export interface SalePlans {
  price: PlanRef | undefined;
  cost: PlanRef | undefined;
}

const reducing = new Set(['refund', 'void', 'reversal']);
const productOf = (method: string): Receivable['product'] => (method === 'pix' ? 'pix' : method === 'debit_card' ? 'debit' : 'credit');
const isOpen = (r: Receivable) => r.status === 'scheduled' && r.kind === 'installment';

function reprice(r: Receivable, gross: bigint): void {
  r.grossMinor = gross;
  r.feeMinor = applyRate(gross, r.feeRateBps);
  r.costFeeMinor = applyRate(gross, r.costRateBps);
  r.netMinor = gross - r.feeMinor;
}

/** The receivables of an approved capture, one per installment. */
export function captureReceivables(sale: SaleForSchedule, capture: CycleForSchedule, plans: SalePlans, newId: () => string): Receivable[] {
  const capturedOn = saoPauloDate(capture.createdAt);
  const product = productOf(sale.paymentMethod);
  const count = product === 'credit' ? Math.max(1, sale.installments) : 1;
  const price = plans.price ? versionOn(plans.price.versions, capturedOn) : undefined;
  const cost = plans.cost ? versionOn(plans.cost.versions, capturedOn) : undefined;
  const feeRateBps = saleRate(price, sale.paymentMethod, count, sale.cardBrand);
  const costRateBps = saleRate(cost, sale.paymentMethod, count, sale.cardBrand);
  const terms = termsOf(price);
  return splitInstallments(capture.amountMinor, count).map((gross, i) => {
    const days = product === 'credit' ? terms.creditDays * (i + 1) : product === 'debit' ? terms.debitDays : terms.pixDays;
    const originalDueDate = addDays(capturedOn, days);
    const r: Receivable = {
      id: newId(),
      organizationId: sale.organizationId,
      merchantId: sale.merchantId,
      summaryId: sale.id,
      sourceCycleId: capture.id,
      kind: 'installment',
      installment: i + 1,
      installments: count,
      receiverTaxId: sale.receiverTaxId,
      acquirer: sale.acquirer,
      paymentMethod: sale.paymentMethod,
      brand: sale.cardBrand ?? 'pix',
      product,
      grossMinor: 0n,
      feeMinor: 0n,
      costFeeMinor: 0n,
      netMinor: 0n,
      refundedMinor: 0n,
      feeRateBps,
      costRateBps,
      pricePlanId: price ? (plans.price?.id ?? null) : null,
      pricePlanVersion: price?.version ?? null,
      costPlanId: cost ? (plans.cost?.id ?? null) : null,
      costPlanVersion: cost?.version ?? null,
      capturedOn,
      dueDate: nextBusinessDay(originalDueDate),
      originalDueDate,
      status: 'scheduled',
      settledAt: null,
      createdAt: capture.createdAt,
      updatedAt: capture.createdAt,
    };
    reprice(r, gross);
    return r;
  });
}

/**
 * Applies an approved refund, void or reversal to the sale's receivables (changed in place; a new adjustment is
 * returned in `added`). `rows` are every receivable of the sale.
 */
export function applyReduction(rows: Receivable[], reduction: CycleForSchedule, newId: () => string): { changed: Receivable[]; added: Receivable[] } {
  const installments = rows.filter((r) => r.kind === 'installment').sort((a, b) => b.installment - a.installment || (a.id < b.id ? 1 : -1));
  const standing = rows.reduce((sum, r) => sum + r.grossMinor, 0n);
  let left = reduction.amountMinor < standing ? reduction.amountMinor : standing;
  const changed: Receivable[] = [];
  const added: Receivable[] = [];
  if (left <= 0n) return { changed, added };
  for (const r of installments) {
    if (left === 0n) break;
    if (!isOpen(r) || r.grossMinor === 0n) continue;
    const take = left < r.grossMinor ? left : r.grossMinor;
    reprice(r, r.grossMinor - take);
    r.refundedMinor += take;
    if (r.grossMinor === 0n) r.status = 'cancelled';
    r.updatedAt = reduction.createdAt;
    left -= take;
    changed.push(r);
  }
  if (left === 0n) return { changed, added };
  const template = installments.find((r) => r.status === 'settled' || r.status === 'adjusted') ?? installments[0];
  if (!template) return { changed, added };
  let toReverse = left;
  for (const r of installments) {
    if (toReverse <= 0n) break;
    if (r.status !== 'settled') continue;
    r.status = 'adjusted';
    r.updatedAt = reduction.createdAt;
    toReverse -= r.grossMinor;
    changed.push(r);
  }
  const refundedOn = saoPauloDate(reduction.createdAt);
  const due = nextBusinessDay(addDays(refundedOn, 1));
  const adjustment: Receivable = {
    ...template,
    id: newId(),
    sourceCycleId: reduction.id,
    kind: 'adjustment',
    installment: 1,
    installments: 1,
    refundedMinor: 0n,
    capturedOn: refundedOn,
    dueDate: due,
    originalDueDate: due,
    status: 'scheduled',
    settledAt: null,
    createdAt: reduction.createdAt,
    updatedAt: reduction.createdAt,
  };
  reprice(adjustment, -left);
  added.push(adjustment);
  return { changed, added };
}

/** Receivables still open and due before `date` are marked settled (historic data: the backfill and the seed). */
export function settleBefore(rows: Receivable[], date: IsoDate, keepOpen: (r: Receivable) => boolean = () => false): void {
  for (const r of rows) {
    if (r.status === 'scheduled' && r.dueDate < date && !keepOpen(r)) {
      r.status = 'settled';
      r.settledAt = new Date(`${r.dueDate}T12:00:00Z`);
    }
  }
}

/**
 * The whole schedule of a sale from its cycles in order (the backfill and the seed). With `settleUpTo`, what was
 * due before each step's date counts as paid at that step, and what is due before `settleUpTo` at the end.
 */
export function scheduleSale(
  sale: SaleForSchedule,
  cycles: readonly CycleForSchedule[],
  plans: SalePlans,
  newId: () => string,
  settleUpTo?: { date: IsoDate; keepOpen?: (r: Receivable) => boolean },
): Receivable[] {
  const rows: Receivable[] = [];
  for (const cycle of cycles) {
    if (cycle.status !== 'approved') continue;
    if (settleUpTo) settleBefore(rows, saoPauloDate(cycle.createdAt), settleUpTo.keepOpen);
    if (cycle.type === 'capture') rows.push(...captureReceivables(sale, cycle, plans, newId));
    else if (reducing.has(cycle.type)) rows.push(...applyReduction(rows, cycle, newId).added);
  }
  if (settleUpTo) settleBefore(rows, settleUpTo.date, settleUpTo.keepOpen);
  return rows;
}

export const reducesSale = (type: string): boolean => reducing.has(type);
