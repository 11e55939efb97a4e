import { sql } from 'drizzle-orm';
import type { ProviderName } from '../../contract/enums.ts';
import type { Db } from '../db/client.ts';
import { findOutcomes } from './match-outcomes.ts';
import { settlementOutcomes } from './settlement.ts';

/** Days after a sale before an acquirer that has not listed it counts as missing it (registration delay, D+1). */
export const registrationDelayDays: Partial<Record<ProviderName, number>> = {};
export const defaultRegistrationDelayDays = 1;

/** what the range queries and the join read of a record */
const keyColumns = sql.raw('file_id, line, kind, mid_key, nsu_key, auth_key, capture_date, payment_line, manual, sale_total_minor, gross_minor');
/** every column of statement_records but acquirer and summary_id, which the matcher sets when it moves staged rows */
const storedColumns = `file_id, line, organization_id, kind, record_type, mid, nsu, authorization_code, mid_key, nsu_key, auth_key, capture_date, payment_date,
  installment, installments, gross_minor, fee_minor, net_minor, sale_total_minor, ur_key, card_bin, card_last4, code, manual, payment_line`;

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
export async function runMatching(tx: Db, organizationId: string, acquirer: ProviderName, phase?: (name: string) => void, staged = false): Promise<void> {
  const delay = registrationDelayDays[acquirer] ?? defaultRegistrationDelayDays;
  const mine = sql`organization_id = ${organizationId} and acquirer = ${acquirer}`;
  // the records matched: the stored ones and, during an import, the file's records still in rx_staged (stage-records.ts)
  const records = staged ? sql`(select ${keyColumns} from statement_records where ${mine} union all select ${keyColumns} from rx_staged)`
    : sql`(select ${keyColumns} from statement_records where ${mine})`;
  const [range] = rowsOf<{ from: string | null; to: string | null; cov_start: string | null; cov_end: string | null }>(await tx.execute(sql`
    select least(min(f.period_start), (select min(capture_date) from ${records} r))::text as from,
           greatest(max(f.period_end), (select max(capture_date) from ${records} r))::text as to,
           min(f.period_start)::text as cov_start, max(f.period_end)::text as cov_end
    from statement_files f where f.organization_id = ${organizationId} and f.acquirer = ${acquirer}`));
  // covered: from the earliest day a file of this acquirer speaks of (its period or a sale in it) to its latest period end
  if (!range?.from || !range.to || !range.cov_end) return;
  // what the files that list sales cover (a payment file's sale lines say what was paid, not what was sold)
  const [sales] = rowsOf<{ from: string | null; to: string | null }>(await tx.execute(sql`
    select least(min(f.period_start), (select min(capture_date) from ${records} r
             where r.kind = 'sale' and r.payment_line is null))::text as from, max(f.period_end)::text as to
    from statement_files f where f.organization_id = ${organizationId} and f.acquirer = ${acquirer} and f.sale_records > 0`));
  // sorts and hashes of a million rows in memory (the default 4 MB spills them to disk); this transaction only
  await tx.execute(sql`set local work_mem = '256MB'`);
  // the records may have just been inserted in this transaction: the planner needs their numbers to pick hash joins
  await tx.execute(staged ? sql`analyze rx_staged` : sql`analyze statement_records`);
  phase?.('match: analyze');
  await tx.execute(sql`create temporary table rx_platform on commit drop as
    select s.id, s.merchant_id, s.amount_minor, s.status, s.payment_method, s.installments, s.created_at, s.card_brand,
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
    from ${records} r join rx_platform p
      on p.mid_key = r.mid_key and p.nsu_key = r.nsu_key and p.day = r.capture_date and (r.auth_key is null or p.auth_key = r.auth_key)
    where r.kind in ('sale', 'adjustment') and not r.manual
    order by r.file_id, r.line, (p.amount_minor = coalesce(abs(r.sale_total_minor), abs(r.gross_minor))) desc, p.created_at, p.id`);
  phase?.('match: join');
  await tx.execute(sql`create unique index on rx_match (file_id, line)`);
  await tx.execute(sql`analyze rx_match`);
  await tx.execute(sql`update statement_records r set summary_id = m.summary_id from rx_match m
    where r.file_id = m.file_id and r.line = m.line and r.summary_id is distinct from m.summary_id`);
  await tx.execute(sql`update statement_records r set summary_id = null
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and not r.manual and r.summary_id is not null
      and not exists (select 1 from rx_match m where m.file_id = r.file_id and m.line = r.line)`);
  if (staged) {
    await tx.execute(sql`insert into statement_records (${sql.raw(storedColumns)}, acquirer, summary_id)
      select ${sql.raw(storedColumns.replace(/(\w+)/g, 's.$1'))}, ${acquirer}, m.summary_id
      from rx_staged s left join rx_match m on m.file_id = s.file_id and m.line = s.line`);
    await tx.execute(sql`analyze statement_records`);
  }
  phase?.('match: update records');
  // the latest record of each installment of each matched sale
  await tx.execute(sql`create temporary table rx_sale on commit drop as
    select distinct on (r.summary_id, r.installment) r.summary_id, r.installment, r.file_id, r.line, r.sale_total_minor, r.gross_minor, r.fee_minor, r.payment_date
    from statement_records r
    where r.organization_id = ${organizationId} and r.acquirer = ${acquirer} and r.kind = 'sale' and r.summary_id is not null and r.payment_line is null
    order by r.summary_id, r.installment, r.file_id desc`);
  await tx.execute(sql`analyze rx_sale`);
  phase?.('match: sales');
  await findOutcomes(tx, organizationId, acquirer, delay, sales ?? null);
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
