import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import { dropSecondaryIndexes } from '../db/bulk-indexes.ts';
import type { Database, Db } from '../db/client.ts';
import { cycles, organizations, receivables, transactionSummaries as s } from '../db/schema.ts';
import { ensureDefaultPlans } from '../fee-plans/store.ts';
import { xid } from '../lib/xid.ts';
import { addDays, saoPauloDate } from './business-calendar.ts';
import { scheduleSale, type Receivable } from './schedule.ts';
import { insertReceivables, loadPlanBook } from './write-receivables.ts';

export interface BackfillOptions {
  organizationId?: string;
  /** summaries per transaction (default 5000) */
  batchSize?: number;
  /** the backfill's "today": what fell due before it counts as paid (historic data), default today in Brasília */
  today?: string;
  /**
   * Demo data only (the seed): leave about one in `overdueOneIn` of the receivables due in the last 10 days unpaid,
   * so the console has overdue receivables to show. 0 (the default) settles everything past due.
   */
  overdueOneIn?: number;
  /**
   * The database, to let a big first backfill drop the receivables' list indexes and rebuild them at the end (as the
   * seed does for its tables): only when the table is empty and at least `bulkFrom` sales wait. The index that finds
   * a sale's receivables stays (the run reads it to skip scheduled sales). Lists of receivables are slow meanwhile.
   */
  bulk?: Database;
  /** default 100 000 */
  bulkFrom?: number;
  onIndexRebuild?: (name: string) => void;
  onProgress?: (done: number, total: number, rows: number) => void;
  shouldStop?: () => boolean;
}

/** FNV-1a of an id: a stable, uniform pick for the demo's overdue receivables. */
function pick(id: string, oneIn: number): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % oneIn === 0;
}

const tableEmpty = async (db: Db) => (await db.select({ id: receivables.id }).from(receivables).limit(1)).length === 0;

/**
 * Computes the receivables of every captured sale that has none yet (an existing database, or the seed's bulk
 * load), in batches of summaries in id order, each batch in its own transaction: re-running it continues where
 * it stopped and never doubles a sale. Organizations without fee plans get the default ones first.
 */
export async function backfillReceivables(db: Db, options: BackfillOptions = {}): Promise<{ sales: number; receivables: number }> {
  const batchSize = options.batchSize ?? 5000;
  const today = options.today ?? saoPauloDate(new Date());
  const orgs = options.organizationId ? [options.organizationId] : (await db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
  for (const org of orgs) await ensureDefaultPlans(db, org);
  const plans = await loadPlanBook(db, orgs);
  const captured = sql`exists (select 1 from cycles c where c.summary_id = ${s.id} and c.type = 'capture' and c.status = 'approved')`;
  const unscheduled = sql`not exists (select 1 from receivables r where r.summary_id = ${s.id})`;
  const [counted] = await db.select({ n: sql<string>`count(*)` }).from(s).where(and(inArray(s.organizationId, orgs), captured, unscheduled));
  const total = Number(counted?.n ?? 0);
  const overdueFrom = addDays(today, -10);
  const keepOpen = options.overdueOneIn ? (r: Receivable) => r.dueDate >= overdueFrom && pick(r.id, options.overdueOneIn ?? 1) : undefined;
  let after = '';
  let sales = 0;
  let written = 0;
  options.onProgress?.(0, total, 0);
  const dropped = options.bulk && total >= (options.bulkFrom ?? 100_000) && (await tableEmpty(db)) ? await dropSecondaryIndexes(options.bulk, { tables: ['receivables'], keep: ['receivables_summary_idx'] }) : null;
  /** The next batch of summaries in id order, their cycles and whether they have receivables, by id: every batch costs
   * the same (a join on "captured and not scheduled" merged both indexes from the start, each batch longer than the last). */
  const nextBatch = async (): Promise<{ sales: number; rows: Receivable[] } | null> => {
    const next = await db
      .select({ id: s.id, organizationId: s.organizationId, merchantId: s.merchantId, acquirer: s.acquirer, paymentMethod: s.paymentMethod, cardBrand: s.cardBrand, installments: s.installments })
      .from(s)
      .where(and(inArray(s.organizationId, orgs), gt(s.id, after)))
      .orderBy(asc(s.id))
      .limit(batchSize);
    if (next.length === 0) return null;
    after = next[next.length - 1]?.id ?? after;
    const ids = next.map((b) => b.id);
    const [steps, done] = await Promise.all([
      db
        .select({ summaryId: cycles.summaryId, id: cycles.id, seq: cycles.seq, type: cycles.type, status: cycles.status, amountMinor: cycles.amountMinor, createdAt: cycles.createdAt })
        .from(cycles)
        .where(inArray(cycles.summaryId, ids)),
      db.selectDistinct({ id: receivables.summaryId }).from(receivables).where(inArray(receivables.summaryId, ids)),
    ]);
    const scheduled = new Set(done.map((d) => d.id));
    const bySale = new Map<string, typeof steps>();
    for (const c of steps) {
      const list = bySale.get(c.summaryId);
      if (list) list.push(c);
      else bySale.set(c.summaryId, [c]);
    }
    const rows: Receivable[] = [];
    let count = 0;
    for (const sale of next) {
      const saleCycles = bySale.get(sale.id);
      if (scheduled.has(sale.id) || !saleCycles?.some((c) => c.type === 'capture' && c.status === 'approved')) continue;
      count += 1;
      saleCycles.sort((a, b) => a.seq - b.seq);
      const plansOf = plans.plansOf(sale.merchantId, sale.acquirer);
      rows.push(...scheduleSale({ ...sale, receiverTaxId: plans.taxIdOf(sale.merchantId) }, saleCycles, plansOf, () => xid(), { date: today, ...(keepOpen ? { keepOpen } : {}) }));
    }
    return { sales: count, rows };
  };
  // one transaction per batch (a stopped backfill leaves whole sales only); the next batch is read and scheduled while
  // the database writes this one
  const write = async (batch: { sales: number; rows: Receivable[] }) => {
    if (batch.rows.length > 0) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < batch.rows.length; i += 10_000) await insertReceivables(tx, batch.rows.slice(i, i + 10_000));
      });
    }
    sales += batch.sales;
    written += batch.rows.length;
    options.onProgress?.(sales, total, written);
  };
  let writing: Promise<void> = Promise.resolve();
  try {
    for (;;) {
      if (options.shouldStop?.()) break;
      const batch = await nextBatch();
      await writing;
      if (!batch) break;
      writing = write(batch);
      writing.catch(() => undefined); // awaited on the next turn (or below)
    }
    await writing;
  } finally {
    await writing.catch(() => undefined);
    await dropped?.restore(options.onIndexRebuild);
  }
  return { sales, receivables: written };
}
