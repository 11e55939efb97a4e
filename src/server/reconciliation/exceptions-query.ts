import { sql, type SQL } from 'drizzle-orm';
import { ageingBuckets, type AcquirerRecord, type ExceptionFilter, type ReconciliationException, type ResolutionAction } from '../../contract/reconciliation.ts';
import type { Db } from '../db/client.ts';
import { afterForwardCursor, encodeForwardCursor, fingerprint, type KeysetOrder } from '../lists/keyset.ts';
import { settleAccepted } from './settlement.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** a column value as text: the driver gives strings, numbers, bigints or Dates */
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' ? v.toString() : JSON.stringify(v);
};
const isoDate = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : (text(v)?.slice(0, 10) ?? null));
const isoTime = (v: unknown) => (v === null || v === undefined ? null : new Date(v instanceof Date ? v : (text(v) as string)).toISOString());

/** today in São Paulo, the calendar the acquirers' files and the ages use */
export const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/** the amount an exception puts at stake: the difference, or the whole amount when one side is missing */
export const atStake = sql`abs(coalesce(e.reported_minor, 0) - coalesce(e.expected_minor, 0))`;

export function filterSql(organizationId: string, filter: Partial<ExceptionFilter>, merchantId: string | null): SQL {
  const parts: SQL[] = [sql`e.organization_id = ${organizationId}`, sql`e.status = ${filter.status ?? 'open'}`];
  if (filter.outcome) parts.push(sql`e.outcome = ${filter.outcome}`);
  if (filter.acquirer) parts.push(sql`e.acquirer = ${filter.acquirer}`);
  if (filter.merchant_id) parts.push(sql`e.merchant_id = ${filter.merchant_id}`);
  if (merchantId !== null) parts.push(sql`e.merchant_id = ${merchantId}`);
  if (filter.file_id) parts.push(sql`e.file_id = ${filter.file_id}`);
  if (filter.age) {
    const bucket = ageingBuckets.find((b) => b.id === filter.age);
    if (bucket) {
      parts.push(sql`e.day <= ${today} - ${bucket.min}::int`);
      if (bucket.max !== null) parts.push(sql`e.day >= ${today} - ${bucket.max}::int`);
    }
  }
  return sql.join(parts, sql` and `);
}

export function exceptionOf(r: Record<string, unknown>): ReconciliationException {
  return {
    id: String(r.id), outcome: r.outcome as ReconciliationException['outcome'], acquirer: String(r.acquirer), merchantId: text(r.merchant_id),
    summaryId: text(r.summary_id), fileId: text(r.file_id), line: r.line === null ? null : Number(r.line), day: isoDate(r.day) as string,
    ageDays: Number(r.age_days), expectedMinor: text(r.expected_minor), reportedMinor: text(r.reported_minor), expectedDate: isoDate(r.expected_date),
    reportedDate: isoDate(r.reported_date), status: r.status as ReconciliationException['status'], note: text(r.note), resolvedBy: text(r.resolved_by),
    resolvedAt: isoTime(r.resolved_at), linkedSummaryId: text(r.linked_summary_id), receivableId: text(r.receivable_id),
  };
}

const columns = sql`e.id, e.outcome, e.acquirer, e.merchant_id, e.summary_id, e.file_id, e.line, e.day::text as day, (${today} - e.day) as age_days,
  e.expected_minor::text as expected_minor, e.reported_minor::text as reported_minor, e.expected_date::text as expected_date, e.reported_date::text as reported_date,
  e.status, e.note, e.resolved_by, e.resolved_at, e.linked_summary_id, e.receivable_id`;

/** The list's order (lists/keyset.ts): oldest day first (the ones waiting longest), then id. */
const exceptionOrder: KeysetOrder = { list: 'reconciliation-exceptions', key: sql`e.day`, type: 'date', nullable: false, id: sql`e.id`, direction: 'asc' };

/**
 * One page in the list's order, keyset on (day, id): every page costs the same. A cursor serves only the filters
 * that made it; a changed or foreign one is a 400 naming `cursor`.
 */
export async function listExceptions(db: Db, organizationId: string, merchantId: string | null, filter: Partial<ExceptionFilter>, limit: number, cursor: string | undefined) {
  const print = fingerprint(exceptionOrder.list, 'day', exceptionOrder.direction, filter);
  const after = afterForwardCursor(exceptionOrder, cursor, print);
  const where = after === undefined ? [filterSql(organizationId, filter, merchantId)] : [filterSql(organizationId, filter, merchantId), after];
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${columns} from reconciliation_exceptions e
    where ${sql.join(where, sql` and `)} order by e.day, e.id limit ${limit + 1}`));
  const data = rows.slice(0, limit).map(exceptionOf);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeForwardCursor({ value: last.day, id: last.id }, print) : null };
}

/** The ageing buckets from the per-day counts the triggers of migration 0043 keep (reconciliation_exception_days), not every exception. */
export async function ageing(db: Db, organizationId: string, merchantId: string | null, filter: Partial<ExceptionFilter>) {
  const { age: _age, ...rest } = filter;
  const rows = rowsOf<{ bucket: string; count: string; amount: string }>(await db.execute(sql`
    select case when ${today} - e.day <= 2 then '0-2' when ${today} - e.day <= 7 then '3-7' when ${today} - e.day <= 30 then '8-30' else '31+' end as bucket,
      sum(e.count)::text as count, coalesce(sum(e.amount_minor), 0)::text as amount
    from reconciliation_exception_days e where ${filterSql(organizationId, rest, merchantId)} group by 1`));
  return { buckets: ageingBuckets.map((b) => {
    const row = rows.find((r) => r.bucket === b.id);
    return { bucket: b.id, count: Number(row?.count ?? 0), amountMinor: row?.amount ?? '0' };
  }) };
}

export async function exceptionDetail(db: Db, organizationId: string, merchantId: string | null, id: string) {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`select ${columns}, e.key from reconciliation_exceptions e
    where e.organization_id = ${organizationId} and e.id = ${id} ${merchantId === null ? sql`` : sql`and e.merchant_id = ${merchantId}`}`));
  if (!row) return null;
  const exception = exceptionOf(row);
  const summaryId = exception.linkedSummaryId ?? exception.summaryId;
  const [sale] = summaryId === null ? [] : rowsOf<Record<string, unknown>>(await db.execute(sql`select id, merchant_id, created_at, status, payment_method,
      amount_minor::text as amount_minor, installments, acquirer_merchant_id, card_first_digits, card_last_digits
    from transaction_summaries where organization_id = ${organizationId} and id = ${summaryId}`));
  const records = rowsOf<Record<string, unknown>>(await db.execute(sql`select r.* , r.gross_minor::text as g, r.fee_minor::text as f, r.net_minor::text as n,
      r.sale_total_minor::text as t, r.capture_date::text as cd, r.payment_date::text as pd
    from statement_records r where r.organization_id = ${organizationId} and (
      (${exception.fileId}::text is not null and r.file_id = ${exception.fileId} and r.line = ${exception.line}) or
      (${summaryId}::text is not null and r.summary_id = ${summaryId}))
    order by r.file_id, r.line limit 50`));
  const acquirer: AcquirerRecord[] = records.map((r) => ({
    fileId: String(r.file_id), line: Number(r.line), recordType: String(r.record_type), kind: String(r.kind), mid: String(r.mid), nsu: text(r.nsu),
    authorizationCode: text(r.authorization_code), captureDate: text(r.cd), paymentDate: text(r.pd), installment: r.installment === null ? null : Number(r.installment),
    installments: r.installments === null ? null : Number(r.installments), grossMinor: String(r.g), feeMinor: String(r.f), netMinor: String(r.n), saleTotalMinor: text(r.t),
    cardBin: text(r.card_bin), cardLast4: text(r.card_last4),
  }));
  const platform = sale ? {
    id: String(sale.id), merchantId: String(sale.merchant_id), createdAt: isoTime(sale.created_at) as string, status: String(sale.status), paymentMethod: String(sale.payment_method),
    amountMinor: String(sale.amount_minor), installments: Number(sale.installments), acquirerMerchantId: text(sale.acquirer_merchant_id),
    cardFirstDigits: text(sale.card_first_digits), cardLastDigits: text(sale.card_last_digits),
  } : null;
  return { exception, platform, acquirer, key: String(row.key) };
}

const statusOf: Record<ResolutionAction, string> = { accept: 'accepted', resolve: 'resolved', ignore: 'ignored', link: 'linked' };

/** Resolves one open exception; `link` also ties the acquirer's records of an unknown sale to `summaryId`. */
export async function resolveException(db: Db, organizationId: string, actor: string, id: string, action: ResolutionAction, note: string, linkTo: string | null): Promise<'done' | 'not-open' | 'no-sale'> {
  return db.transaction(async (tx) => {
    if (action === 'link') {
      const [sale] = rowsOf(await tx.execute(sql`select id from transaction_summaries where organization_id = ${organizationId} and id = ${linkTo}`));
      if (!sale) return 'no-sale';
    }
    const [row] = rowsOf<{ key: string; outcome: string; file_id: string | null; line: number | null }>(await tx.execute(sql`update reconciliation_exceptions set
        status = ${statusOf[action]}, note = ${note}, resolved_by = ${actor}, resolved_at = now(), linked_summary_id = ${action === 'link' ? linkTo : null}
      where organization_id = ${organizationId} and id = ${id} and status = 'open' returning key, outcome, file_id, line`));
    if (!row) return 'not-open';
    if (action === 'accept') await settleAccepted(tx, organizationId, [id]);
    if (action === 'link' && row.file_id !== null) {
      await tx.execute(sql`update statement_records r set summary_id = ${linkTo}, manual = true
        from statement_records k where k.file_id = ${row.file_id} and k.line = ${row.line}
          and r.organization_id = ${organizationId} and r.mid_key = k.mid_key and r.nsu_key is not distinct from k.nsu_key
          and r.auth_key is not distinct from k.auth_key and r.capture_date is not distinct from k.capture_date and r.kind = k.kind`);
    }
    return 'done';
  });
}

/** One action and note on every open exception the filter selects, in one statement. */
export async function bulkResolve(db: Db, organizationId: string, merchantId: string | null, actor: string, filter: Partial<ExceptionFilter>, action: Exclude<ResolutionAction, 'link'>, note: string): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = rowsOf<{ id: string; outcome: string }>(await tx.execute(sql`update reconciliation_exceptions e set status = ${statusOf[action]}, note = ${note},
        resolved_by = ${actor}, resolved_at = now()
      where ${filterSql(organizationId, { ...filter, status: 'open' }, merchantId)} returning e.id, e.outcome`));
    if (action === 'accept') await settleAccepted(tx, organizationId, rows.filter((r) => r.outcome.startsWith('paid_')).map((r) => r.id));
    return rows.length;
  });
}

export async function dailySummary(db: Db, organizationId: string, days: number) {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    with recs as (
      select r.capture_date as day, r.acquirer, count(*) as sale_records, count(r.summary_id) as matched
      from statement_records r where r.organization_id = ${organizationId} and r.kind = 'sale' and r.payment_line is null and r.capture_date >= ${today} - ${days}::int
      group by 1, 2
    ), ex as (
      select e.day, e.acquirer, count(*) as open, sum(${atStake}) as amount
      from reconciliation_exceptions e where e.organization_id = ${organizationId} and e.status = 'open' and e.day >= ${today} - ${days}::int
      group by 1, 2
    )
    select coalesce(recs.day, ex.day)::text as day, coalesce(recs.acquirer, ex.acquirer) as acquirer, coalesce(recs.sale_records, 0)::int as sale_records,
      coalesce(recs.matched, 0)::int as matched, coalesce(ex.open, 0)::int as open, coalesce(ex.amount, 0)::text as amount
    from recs full join ex on ex.day = recs.day and ex.acquirer = recs.acquirer order by 1 desc, 2`));
  return { data: rows.map((r) => {
    const sales = Number(r.sale_records);
    const matched = Number(r.matched);
    return { day: String(r.day), acquirer: String(r.acquirer), saleRecords: sales, matched, reconciledRate: sales === 0 ? 0 : Math.round((matched / sales) * 10_000) / 10_000, openExceptions: Number(r.open), unresolvedMinor: String(r.amount) };
  }) };
}
