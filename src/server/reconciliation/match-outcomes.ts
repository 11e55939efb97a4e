import { sql } from 'drizzle-orm';
import type { ProviderName } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { expectedCosts } from './expected-cost.ts';

/**
 * The sale-side exceptions of the organization's records from `acquirer` into `rx_found` (a temporary table dropped
 * at commit), from rx_platform (its sales) and rx_sale (the latest record of each installment of each matched sale):
 * amount, and fee against what the cost plan says (expected-cost.ts), payment day, sales the platform does not know, adjustments it did not
 * expect, and its sales the acquirer left out once past the registration delay (`delay` days) within `sales`, the
 * days the files that list sales cover.
 */
export async function findOutcomes(tx: Db, organizationId: string, acquirer: ProviderName, delay: number, sales: { from: string | null; to: string | null } | null): Promise<void> {
  await expectedCosts(tx, organizationId, acquirer);
  await tx.execute(sql`create temporary table rx_found on commit drop as
    with agg as (
      select summary_id, coalesce(max(sale_total_minor), sum(gross_minor)) as reported, sum(fee_minor) as fee, max(file_id) as file_id, min(line) as line
      from rx_sale group by summary_id
    ), due as (
      select s.summary_id, s.file_id, s.line, s.payment_date,
        (p.day + case when p.payment_method = 'debit_card' then 1 else 30 * s.installment end) as raw_due
      from rx_sale s join rx_platform p on p.id = s.summary_id where s.payment_date is not null
    ), late as (
      select distinct on (summary_id) summary_id, file_id, line, payment_date,
        raw_due + case extract(isodow from raw_due) when 6 then 2 when 7 then 1 else 0 end as expected_date
      from due
      where payment_date <> raw_due + case extract(isodow from raw_due) when 6 then 2 when 7 then 1 else 0 end
      order by summary_id, line
    )
    select 'amount|' || a.summary_id as key, 'amount_differs' as outcome, p.merchant_id, a.summary_id, a.file_id, a.line, p.day,
           p.amount_minor as expected_minor, a.reported as reported_minor, null::date as expected_date, null::date as reported_date, null::text as receivable_id
    from agg a join rx_platform p on p.id = a.summary_id where a.reported <> p.amount_minor
    union all
    select 'fee|' || a.summary_id, 'fee_differs', p.merchant_id, a.summary_id, a.file_id, a.line, p.day, c.cost_fee, a.fee, null, null, null
    from agg a join rx_platform p on p.id = a.summary_id join rx_cost c on c.summary_id = a.summary_id
    where abs(a.fee - c.cost_fee) > (c.parts + 1) / 2
    union all
    select 'payment_date|' || l.summary_id, 'payment_date_differs', p.merchant_id, l.summary_id, l.file_id, l.line, p.day, null, null, l.expected_date, l.payment_date, null
    from late l join rx_platform p on p.id = l.summary_id
    union all
    select 'unknown|' || r.mid_key || '|' || coalesce(r.nsu_key, '') || '|' || coalesce(r.auth_key, '') || '|' || r.capture_date,
           'unknown_to_platform', null, null, min(r.file_id), min(r.line), r.capture_date, null,
           coalesce(max(r.sale_total_minor), sum(r.gross_minor)), null, null, null
    from statement_records r
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'sale' and r.summary_id is null and r.payment_line is null
    group by r.mid_key, r.nsu_key, r.auth_key, r.capture_date
    union all
    select 'adjustment|' || r.file_id || '|' || r.line, 'unexpected_adjustment', p.merchant_id, r.summary_id, r.file_id, r.line,
           coalesce(r.capture_date, r.payment_date, f.period_end), null, r.gross_minor, null, r.payment_date, null
    from statement_records r join statement_files f on f.id = r.file_id
      left join rx_platform p on p.id = r.summary_id
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'adjustment'
      and (p.id is null or p.status not in ('partially_refunded', 'refunded', 'canceled'))
    union all
    select 'missing|' || p.id, 'missing_from_acquirer', p.merchant_id, p.id, null, null, p.day, p.amount_minor, null, null, null, null
    from rx_platform p
    where p.status in ('approved', 'partially_refunded', 'refunded') and p.day >= ${sales?.from ?? null}::date and p.day + ${delay}::int <= ${sales?.to ?? null}::date
      and not exists (select 1 from rx_sale s where s.summary_id = p.id)`);
}
