import { sql } from 'drizzle-orm';
import type { ProviderName } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** today in São Paulo (as the exceptions' ages count it) */
const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/**
 * Settlement matching (docs/reconciliation.md): the sale lines a payment record paid (Cielo `E` under a `D` of a
 * payment file, Getnet `2` under an RV paid), each already matched to its sale, against the receivables of issue 25
 * (one per sale and installment). Expected: the receivable's gross − the acquirer's cost fee, on its due date.
 *
 * - paid with that amount on that date → the receivable is settled, with the statement line that paid it;
 * - paid with another amount → `paid_amount_differs` (expected and reported in centavos);
 * - paid on another date → `paid_date_differs` (both at once are two exceptions);
 * - due on a day the acquirer's payment files cover, before today, and paid by none → `payment_overdue`;
 * - a paid line for no sale, or for an installment no receivable expects → `unknown_payment`.
 *
 * Runs inside runMatching (its temporary table rx_found and its sales in rx_platform); adds its outcomes to rx_found.
 */
export async function settlementOutcomes(tx: Db, organizationId: string, acquirer: ProviderName): Promise<void> {
  const [cover] = rowsOf<{ from: string | null; to: string | null }>(await tx.execute(sql`
    select min(f.period_start)::text as from, max(f.period_end)::text as to
    from statement_files f where f.organization_id = ${organizationId} and f.acquirer = ${acquirer}
      and (f.covers_payments or exists (select 1 from statement_records p where p.file_id = f.id and p.kind = 'settlement' and p.payment_line = p.line))`));
  if (!cover?.from || !cover.to) return;
  // the latest payment of each installment of each sale, with the day its payment record says it was paid
  await tx.execute(sql`create temporary table rx_paid on commit drop as
    select distinct on (d.summary_id, d.installment) d.file_id, d.line, d.summary_id, d.installment, d.net_minor, p.payment_date
    from statement_records d join statement_records p on p.file_id = d.file_id and p.line = d.payment_line
    where d.organization_id = ${organizationId} and d.acquirer = ${acquirer} and d.kind = 'sale' and d.payment_line is not null and d.summary_id is not null
    order by d.summary_id, d.installment, d.file_id desc, d.line desc`);
  await tx.execute(sql`create index on rx_paid (summary_id, installment)`);
  await tx.execute(sql`create temporary table rx_due on commit drop as
    select r.id, r.merchant_id, r.summary_id, r.installment, r.due_date, r.status, r.settlement_file_id, r.gross_minor - r.cost_fee_minor as expected
    from receivables r
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'installment' and r.status <> 'cancelled' and r.payment_method <> 'pix'
      and (r.due_date between ${cover.from}::date and ${cover.to}::date or r.summary_id in (select summary_id from rx_paid))`);
  await tx.execute(sql`create index on rx_due (summary_id, installment)`);
  await tx.execute(sql`analyze rx_paid`);
  await tx.execute(sql`analyze rx_due`);
  await tx.execute(sql`insert into rx_found (key, outcome, merchant_id, summary_id, file_id, line, day, expected_minor, reported_minor, expected_date, reported_date, receivable_id)
    select 'paid_amount|' || d.id, 'paid_amount_differs', d.merchant_id, d.summary_id, p.file_id, p.line, d.due_date, d.expected, p.net_minor, null::date, null::date, d.id
    from rx_due d join rx_paid p on p.summary_id = d.summary_id and p.installment = d.installment
    where p.net_minor <> d.expected
    union all
    select 'paid_date|' || d.id, 'paid_date_differs', d.merchant_id, d.summary_id, p.file_id, p.line, d.due_date, null, null, d.due_date, p.payment_date, d.id
    from rx_due d join rx_paid p on p.summary_id = d.summary_id and p.installment = d.installment
    where p.payment_date <> d.due_date
    union all
    select 'overdue|' || d.id, 'payment_overdue', d.merchant_id, d.summary_id, null, null, d.due_date, d.expected, null, d.due_date, null, d.id
    from rx_due d
    where d.due_date between ${cover.from}::date and ${cover.to}::date and d.due_date < ${today}
      and (d.status = 'scheduled' or (d.status = 'settled' and d.settlement_file_id is null))
      and not exists (select 1 from rx_paid p where p.summary_id = d.summary_id and p.installment = d.installment)
    union all
    select 'unknown_payment|' || r.file_id || '|' || r.line, 'unknown_payment', s.merchant_id, r.summary_id, r.file_id, r.line, p.payment_date,
           null, r.net_minor, null, p.payment_date, null
    from statement_records r join statement_records p on p.file_id = r.file_id and p.line = r.payment_line
      left join rx_platform s on s.id = r.summary_id
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'sale' and r.payment_line is not null
      and not exists (select 1 from rx_due d where d.summary_id = r.summary_id and d.installment = r.installment)`);
  // paid as expected: settled, with the line that paid it (a receivable assumed settled by the backfill gets its line too)
  await tx.execute(sql`update receivables r set status = 'settled', settlement_file_id = p.file_id, settlement_line = p.line,
      settled_at = p.payment_date::timestamp at time zone 'America/Sao_Paulo', updated_at = now()
    from rx_due d join rx_paid p on p.summary_id = d.summary_id and p.installment = d.installment
    where r.id = d.id and p.net_minor = d.expected and p.payment_date = d.due_date and r.status in ('scheduled', 'settled')
      and (r.settlement_file_id is distinct from p.file_id or r.settlement_line is distinct from p.line)`);
}

/**
 * Accepting the acquirer's value on a settlement exception about a payment (amount or date) settles its receivable
 * with the line that paid it. `ids`: the exceptions just accepted.
 */
export async function settleAccepted(tx: Db, organizationId: string, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = rowsOf<{ n: string }>(await tx.execute(sql`with done as (
      update receivables r set status = 'settled', settlement_file_id = e.file_id, settlement_line = e.line,
        settled_at = coalesce(p.payment_date::timestamp at time zone 'America/Sao_Paulo', now()), updated_at = now()
      from reconciliation_exceptions e join statement_records d on d.file_id = e.file_id and d.line = e.line
        left join statement_records p on p.file_id = d.file_id and p.line = d.payment_line
      where e.organization_id = ${organizationId} and e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        and e.outcome in ('paid_amount_differs', 'paid_date_differs') and r.id = e.receivable_id and r.organization_id = ${organizationId}
        and r.status = 'scheduled'
      returning 1) select count(*)::text as n from done`));
  return Number(rows[0]?.n ?? 0);
}
