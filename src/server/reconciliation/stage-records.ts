import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { copyInto, copyText } from '../db/copy-from.ts';
import type { StatementRecord } from './readers/statement-record.ts';

export const keyOf = (value: string | null) => (value === null ? null : value.trim().toUpperCase().replace(/^0+/, ''));

/** statement_records' columns as the import writes them (summary_id comes from the matcher, after the join) */
const columns = [
  'file_id', 'line', 'organization_id', 'kind', 'record_type', 'mid', 'nsu', 'authorization_code', 'mid_key', 'nsu_key', 'auth_key',
  'capture_date', 'payment_date', 'installment', 'installments', 'gross_minor', 'fee_minor', 'net_minor', 'sale_total_minor', 'ur_key',
  'card_bin', 'card_last4', 'code', 'manual', 'payment_line',
] as const;

function valuesOf(fileId: string, organizationId: string, r: StatementRecord, paymentLine: number | null) {
  return [
    fileId, r.line, organizationId, r.kind, r.recordType, r.mid, r.nsu, r.authorizationCode, keyOf(r.mid) ?? '', keyOf(r.nsu), keyOf(r.authorizationCode),
    r.captureDate, r.paymentDate, r.installment, r.installments, r.grossMinor, r.feeMinor, r.netMinor, r.saleTotalMinor, r.receivableUnitKey,
    r.cardBin, r.cardLast4, r.code, false, paymentLine,
  ] as const;
}

export interface Stager {
  add(records: readonly { record: StatementRecord; paymentLine: number | null }[]): Promise<void>;
  /** every record written: they are in `rx_staged` (a temporary table dropped at commit) */
  finish(): Promise<void>;
  abort(error: Error): Promise<void>;
}

/**
 * The file's records go to `rx_staged`, a temporary table (no WAL, no index, no foreign key) that the matcher joins
 * and then moves into statement_records with each record's match already set, so no stored row is written twice.
 * PostgreSQL: one `COPY … FROM STDIN` streamed while the file is read. PGlite: batches through jsonb_populate_recordset.
 */
export async function stageRecords(tx: Db, fileId: string, organizationId: string): Promise<Stager> {
  await tx.execute(sql`create temporary table rx_staged (like statement_records including defaults) on commit drop`);
  // the acquirer is the layout's, known once the header is read: the matcher sets it when it moves the rows
  await tx.execute(sql`alter table rx_staged alter column acquirer drop not null`);
  const copy = copyInto(tx, 'rx_staged', columns);
  if (copy !== null) {
    return {
      add: (records) => copy.write(records.map(({ record, paymentLine }) => `${valuesOf(fileId, organizationId, record, paymentLine).map(copyText).join('\t')}\n`).join('')),
      finish: () => copy.end(),
      abort: (error) => copy.abort(error),
    };
  }
  return {
    async add(records) {
      const rows = records.map(({ record, paymentLine }) => {
        const values = valuesOf(fileId, organizationId, record, paymentLine);
        return Object.fromEntries(columns.map((c, i) => [c, typeof values[i] === 'bigint' ? values[i].toString() : values[i]]));
      });
      await tx.execute(sql`insert into rx_staged select * from jsonb_populate_recordset(null::rx_staged, ${JSON.stringify(rows)}::jsonb)`);
    },
    finish: () => Promise.resolve(),
    abort: () => Promise.resolve(),
  };
}
