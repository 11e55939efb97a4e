import type { Db } from '../db/client.ts';
import type { Sale } from '../processing/sale-book.ts';
import { xid } from '../lib/xid.ts';
import { applyReduction, captureReceivables, reducesSale, type Receivable } from './schedule.ts';
import { insertReceivables, loadPlanBook, loadReceivables, updateReceivables } from './write-receivables.ts';

const moves = (type: string, status: string) => status === 'approved' && (type === 'capture' || reducesSale(type));

/**
 * The receivables of a batch of processed events, in the batch's transaction (processing/batch-store.ts): an approved
 * capture schedules its installments, an approved refund, void or reversal reduces the sale's receivables (schedule.ts).
 */
export async function scheduleBatch(tx: Db, sales: readonly Sale[]): Promise<void> {
  const touched = sales.filter((sale) => sale.appended.some((c) => moves(c.type, c.status)));
  if (touched.length === 0) return;
  const plans = await loadPlanBook(tx, touched.map((s) => s.summary.organizationId));
  const reducing = touched.filter((sale) => sale.appended.some((c) => c.status === 'approved' && reducesSale(c.type)));
  const existing = await loadReceivables(tx, reducing.map((s) => s.summary.id));
  const bySale = new Map<string, Receivable[]>();
  for (const r of existing) bySale.set(r.summaryId, [...(bySale.get(r.summaryId) ?? []), r]);
  const added: Receivable[] = [];
  const changed = new Set<Receivable>();
  for (const sale of touched) {
    const { summary } = sale;
    const rows = bySale.get(summary.id) ?? [];
    const fresh = new Set<Receivable>();
    for (const cycle of sale.appended) {
      if (!moves(cycle.type, cycle.status)) continue;
      if (cycle.type === 'capture') {
        const created = captureReceivables(
          { id: summary.id, organizationId: summary.organizationId, merchantId: summary.merchantId, receiverTaxId: plans.taxIdOf(summary.merchantId), acquirer: summary.acquirer, paymentMethod: summary.paymentMethod, cardBrand: summary.cardBrand, installments: summary.installments },
          cycle,
          plans.plansOf(summary.merchantId, summary.acquirer),
          () => xid(cycle.createdAt),
        );
        rows.push(...created);
        for (const r of created) fresh.add(r);
      } else {
        const result = applyReduction(rows, cycle, () => xid(cycle.createdAt));
        rows.push(...result.added);
        for (const r of result.added) fresh.add(r);
        for (const r of result.changed) if (!fresh.has(r)) changed.add(r);
      }
    }
    added.push(...fresh);
  }
  await insertReceivables(tx, added);
  await updateReceivables(tx, [...changed]);
}
