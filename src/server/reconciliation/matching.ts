import { sql } from 'drizzle-orm';
import type { ProviderName } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { costRateBps } from './expectations.ts';
import { settlementOutcomes } from './settlement.ts';

/** Days after a sale before an acquirer that has not listed it counts as missing it (registration delay, D+1). */
export const registrationDelayDays: Partial<Record<ProviderName, number>> = {};
export const defaultRegistrationDelayDays = 1;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Matches every sale and adjustment record of the organization's files from `acquirer` against its sales, then
 * recomputes the exceptions. Set-based (a few statements, temporary tables dropped at commit), so a million
 * records cost joins, not round trips. Idempotent: records keep or change their match, exceptions are keyed by
 * what they are about (upserted; an open one that no longer applies is removed; a resolved one is kept).
 *
 * Key: acquirer + MID + NSU (the terminal's STAN) + authorization code + the sale's day in São Paulo, each
 * compared without leading zeros (Getnet pads NSU to 12 digits and authorization codes to 10). Amount is not a
 * key. Ties (several sales with the same key): the one whose amount equals the record's, then the earliest, then
 * the lowest id. An adjustment record without an authorization code (Getnet type 3) matches on the rest.
 */
export async function runMatching(tx: Db, organizationId: string, acquirer: ProviderName, phase?: (name: string) => void): Promise<void> {
  const delay = registrationDelayDays[acquirer] ?? defaultRegistrationDelayDays;
  const [range] = rowsOf<{ from: string | null; to: string | null; cov_start: string | null; cov_end: string | null }>(await tx.execute(sql`
    select least(min(f.period_start), (select min(capture_date) from statement_records r where r.organization_id = ${organizationId} and r.acquirer = ${acquirer}))::text as from,
           greatest(max(f.period_end), (select max(capture_date) from statement_records r where r.organization_id = ${organizationId} and r.acquirer = ${acquirer}))::text as to,
           min(f.period_start)::text as cov_start, max(f.period_end)::text as cov_end
    from statement_files f where f.organization_id = ${organizationId} and f.acquirer = ${acquirer}`));
  // covered: from the earliest day a file of this acquirer speaks of (its period or a sale in it) to its latest period end
  if (!range?.from || !range.to || !range.cov_end) return;
  // what the files that list sales cover (a payment file's sale lines say what was paid, not what was sold)
  const [sales] = rowsOf<{ from: string | null; to: string | null }>(await tx.execute(sql`
    select least(min(f.period_start), (select min(capture_date) from statement_records r where r.organization_id = ${organizationId} and r.acquirer = ${acquirer}
             and r.kind = 'sale' and r.payment_line is null))::text as from, max(f.period_end)::text as to
    from statement_files f where f.organization_id = ${organizationId} and f.acquirer = ${acquirer} and f.sale_records > 0`));
  // the records may have just been inserted in this transaction: the planner needs their numbers to pick hash joins
  await tx.execute(sql`analyze statement_records`);
  phase?.('match: analyze');
  const bps = {
    debit: costRateBps(acquirer, 'debit_card', 1), credit: costRateBps(acquirer, 'credit_card', 1),
    band2: costRateBps(acquirer, 'credit_card', 2), band7: costRateBps(acquirer, 'credit_card', 7),
  };
  await tx.execute(sql`create temporary table rx_platform on commit drop as
    select s.id, s.merchant_id, s.amount_minor, s.status, s.payment_method, s.installments, s.created_at,
           ltrim(s.acquirer_merchant_id, '0') as mid_key, ltrim(c.system_trace_audit_number, '0') as nsu_key,
           ltrim(upper(c.authorization_code), '0') as auth_key, (s.created_at at time zone 'America/Sao_Paulo')::date as day
    from transaction_summaries s join cycles c on c.summary_id = s.id and c.seq = 0
    where s.organization_id = ${organizationId} and s.acquirer = ${acquirer} and s.payment_method <> 'pix'
      and s.acquirer_merchant_id is not null and s.status in ('approved', 'partially_refunded', 'refunded', 'canceled')
      and s.created_at >= (${range.from}::date - 1)::timestamp at time zone 'America/Sao_Paulo'
      and s.created_at < (${range.to}::date + 2)::timestamp at time zone 'America/Sao_Paulo'`);
  await tx.execute(sql`create index on rx_platform (id)`);
  await tx.execute(sql`analyze rx_platform`);
  phase?.('match: platform');
  await tx.execute(sql`create temporary table rx_match on commit drop as
    select distinct on (r.file_id, r.line) r.file_id, r.line, p.id as summary_id
    from statement_records r join rx_platform p
      on p.mid_key = r.mid_key and p.nsu_key = r.nsu_key and p.day = r.capture_date and (r.auth_key is null or p.auth_key = r.auth_key)
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind in ('sale', 'adjustment') and not r.manual
    order by r.file_id, r.line, (p.amount_minor = coalesce(abs(r.sale_total_minor), abs(r.gross_minor))) desc, p.created_at, p.id`);
  phase?.('match: join');
  await tx.execute(sql`create unique index on rx_match (file_id, line)`);
  await tx.execute(sql`analyze rx_match`);
  await tx.execute(sql`update statement_records r set summary_id = m.summary_id from rx_match m
    where r.file_id = m.file_id and r.line = m.line and r.summary_id is distinct from m.summary_id`);
  await tx.execute(sql`update statement_records r set summary_id = null
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and not r.manual and r.summary_id is not null
      and not exists (select 1 from rx_match m where m.file_id = r.file_id and m.line = r.line)`);

  phase?.('match: update records');
  // the latest record of each installment of each matched sale
  await tx.execute(sql`create temporary table rx_sale on commit drop as
    select distinct on (r.summary_id, r.installment) r.summary_id, r.installment, r.file_id, r.line, r.sale_total_minor, r.gross_minor, r.fee_minor, r.payment_date
    from statement_records r
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'sale' and r.summary_id is not null and r.payment_line is null
    order by r.summary_id, r.installment, r.file_id desc`);
  await tx.execute(sql`create index on rx_sale (summary_id)`);
  await tx.execute(sql`analyze rx_sale`);
  phase?.('match: sales');
  await tx.execute(sql`create temporary table rx_found on commit drop as
    with agg as (
      select summary_id, coalesce(max(sale_total_minor), sum(gross_minor)) as reported, sum(fee_minor) as fee, max(file_id) as file_id, min(line) as line
      from rx_sale group by summary_id
    ), platform as (
      select p.*, (p.amount_minor * case when p.payment_method = 'debit_card' then ${bps.debit}::int when p.installments <= 1 then ${bps.credit}::int
        when p.installments <= 6 then ${bps.band2}::int else ${bps.band7}::int end + 5000) / 10000 as cost_fee
      from rx_platform p
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
    from agg a join platform p on p.id = a.summary_id where a.reported <> p.amount_minor
    union all
    select 'fee|' || a.summary_id, 'fee_differs', p.merchant_id, a.summary_id, a.file_id, a.line, p.day, p.cost_fee, a.fee, null, null, null
    from agg a join platform p on p.id = a.summary_id where a.fee <> p.cost_fee
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
  phase?.('match: outcomes');
  await settlementOutcomes(tx, organizationId, acquirer);
  phase?.('match: settlement');
  await tx.execute(sql`create index on rx_found (key)`);
  await tx.execute(sql`analyze rx_found`);
  await tx.execute(sql`insert into reconciliation_exceptions as e
      (id, organization_id, key, outcome, acquirer, merchant_id, summary_id, file_id, line, day, expected_minor, reported_minor, expected_date, reported_date, receivable_id)
    select 'rx' || substr(md5(${organizationId} || '|' || f.key), 1, 18), ${organizationId}, f.key, f.outcome, ${acquirer}, f.merchant_id, f.summary_id,
           f.file_id, f.line, f.day, f.expected_minor, f.reported_minor, f.expected_date, f.reported_date, f.receivable_id
    from rx_found f
    on conflict (organization_id, key) do update set file_id = excluded.file_id, line = excluded.line, expected_minor = excluded.expected_minor,
      reported_minor = excluded.reported_minor, expected_date = excluded.expected_date, reported_date = excluded.reported_date
    where e.status = 'open'`);
  await tx.execute(sql`delete from reconciliation_exceptions e
    where e.organization_id = ${organizationId} and e.acquirer = ${acquirer} and e.status = 'open'
      and not exists (select 1 from rx_found f where f.key = e.key)`);
  phase?.('match: upsert');
  await tx.execute(sql`update statement_files f set
      matched_records = (select count(*) from statement_records r where r.file_id = f.id and r.kind = 'sale' and r.summary_id is not null and r.payment_line is null),
      exceptions = (select count(*) from reconciliation_exceptions e where e.organization_id = f.organization_id and e.file_id = f.id)
    where f.organization_id = ${organizationId} and f.acquirer = ${acquirer}`);
}
