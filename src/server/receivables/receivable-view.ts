import { minorToDecimal } from '../../contract/money.ts';
import type { Receivable as ReceivableView, ReceivableStatus } from '../../contract/receivables.ts';
import type { receivables } from '../db/schema.ts';
import { percentText } from '../fee-plans/plan-rates.ts';

type Row = typeof receivables.$inferSelect;

/** The status as the API shows it: a scheduled receivable past its due date is overdue. */
export const shownStatus = (status: string, dueDate: string, today: string): ReceivableStatus =>
  status === 'scheduled' && dueDate < today ? 'overdue' : (status as ReceivableStatus);

/** The unit (UR) a receivable belongs to: receiver CNPJ, arrangement (brand-product), acquirer, settlement date. */
export const unitKey = (r: { receiverTaxId: string; brand: string; product: string; acquirer: string; dueDate: string }) =>
  `${r.receiverTaxId}:${r.brand}-${r.product}:${r.acquirer}:${r.dueDate}`;

export function receivableView(r: Row, today: string, withCost: boolean): ReceivableView {
  return {
    id: r.id,
    summaryId: r.summaryId,
    merchantId: r.merchantId,
    kind: r.kind,
    installment: r.installment,
    installments: r.installments,
    acquirer: r.acquirer,
    paymentMethod: r.paymentMethod,
    brand: r.brand,
    product: r.product,
    receiverTaxId: r.receiverTaxId,
    unitKey: unitKey(r),
    gross: minorToDecimal(r.grossMinor),
    fee: minorToDecimal(r.feeMinor),
    net: minorToDecimal(r.netMinor),
    refunded: minorToDecimal(r.refundedMinor),
    feeRate: percentText(r.feeRateBps),
    ...(withCost ? { costFee: minorToDecimal(r.costFeeMinor) } : {}),
    capturedOn: r.capturedOn,
    dueDate: r.dueDate,
    originalDueDate: r.originalDueDate,
    status: shownStatus(r.status, r.dueDate, today),
    settledAt: r.settledAt?.toISOString() ?? null,
  };
}
