import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { statementFiles } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { xid } from '../lib/xid.ts';
import { runMatching } from './matching.ts';
import { readStatement } from './readers/read-statement.ts';
import type { LineProblem, StatementRecord } from './readers/statement-record.ts';

export type ImportResult =
  | { status: 'imported'; fileId: string }
  | { status: 'duplicate'; fileId: string }
  | { status: 'rejected'; sha256: string; lines: number; problems: LineProblem[]; problemCount: number };

export const keyOf = (value: string | null) => (value === null ? null : value.trim().toUpperCase().replace(/^0+/, ''));

function rowOf(fileId: string, organizationId: string, acquirer: string, r: StatementRecord, paymentLine: number | null) {
  return {
    file_id: fileId, line: r.line, organization_id: organizationId, acquirer, kind: r.kind, record_type: r.recordType, mid: r.mid,
    nsu: r.nsu, authorization_code: r.authorizationCode, mid_key: keyOf(r.mid) ?? '', nsu_key: keyOf(r.nsu), auth_key: keyOf(r.authorizationCode),
    capture_date: r.captureDate, payment_date: r.paymentDate, installment: r.installment, installments: r.installments,
    gross_minor: r.grossMinor.toString(), fee_minor: r.feeMinor.toString(), net_minor: r.netMinor.toString(),
    sale_total_minor: r.saleTotalMinor?.toString() ?? null, ur_key: r.receivableUnitKey, card_bin: r.cardBin, card_last4: r.cardLast4,
    code: r.code, summary_id: null, manual: false, payment_line: paymentLine,
  };
}

/**
 * Imports a statement file already on disk. First pass: read and check every line (nothing is written; any
 * problem rejects the whole file). Then, when no file with the same SHA-256 was imported by the organization, one
 * transaction stores the file, its records (in batches) and runs the matcher for the file's acquirer: a failure
 * anywhere leaves nothing behind.
 */
export async function importStatement(db: Db, options: { organizationId: string; actor: string; path: string; name: string | null; onPhase?: (phase: string, ms: number) => void }): Promise<ImportResult> {
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  const checked = await readStatement(createReadStream(options.path));
  if (checked.problemCount > 0 || checked.facts === null) {
    return { status: 'rejected', sha256: checked.sha256, lines: checked.lines, problems: checked.problems, problemCount: checked.problemCount };
  }
  phase('check');
  const facts = checked.facts;
  const existing = await db.select({ id: statementFiles.id }).from(statementFiles)
    .where(and(eq(statementFiles.organizationId, options.organizationId), eq(statementFiles.sha256, checked.sha256)));
  if (existing[0]) return { status: 'duplicate', fileId: existing[0].id };
  const fileId = xid();
  const size = (await stat(options.path)).size;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(statementFiles).values({
        id: fileId, organizationId: options.organizationId, acquirer: facts.acquirer, layout: facts.layout, sha256: checked.sha256,
        name: options.name, sizeBytes: size, lines: checked.lines, records: checked.records, fileKind: facts.fileKind, headMid: facts.headMid,
        sequence: facts.sequence, generatedOn: facts.generatedOn, periodStart: facts.periodStart, periodEnd: facts.periodEnd, importedBy: options.actor,
        coversPayments: facts.coversPayments,
      });
      let gross = 0n;
      let fee = 0n;
      let net = 0n;
      let sales = 0;
      // the payment record (settlement, paid) the following sale lines belong to, until the next settlement record
      let payment: number | null = null;
      const stored = await readStatement(createReadStream(options.path), {
        batchSize: 5000,
        onBatch: async (records) => {
          const rows = records.map((r) => {
            if (r.kind === 'settlement') payment = r.paid === true ? r.line : null;
            const paymentLine = r.kind === 'settlement' || r.kind === 'sale' ? payment : null;
            if (r.kind === 'sale' && paymentLine === null) {
              sales++;
              gross += r.grossMinor;
              fee += r.feeMinor;
              net += r.netMinor;
            }
            return rowOf(fileId, options.organizationId, facts.acquirer, r, paymentLine);
          });
          const json = JSON.stringify(rows);
          await tx.execute(sql`insert into statement_records select * from jsonb_populate_recordset(null::statement_records, ${json}::jsonb)`);
        },
      });
      if (stored.sha256 !== checked.sha256) throw new Error('the file changed while it was being imported');
      await tx.update(statementFiles).set({ saleRecords: sales, grossMinor: gross, feeMinor: fee, netMinor: net }).where(eq(statementFiles.id, fileId));
      phase('store');
      await runMatching(tx, options.organizationId, facts.acquirer, phase);
      phase('match');
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await db.select({ id: statementFiles.id }).from(statementFiles)
        .where(and(eq(statementFiles.organizationId, options.organizationId), eq(statementFiles.sha256, checked.sha256)));
      if (again[0]) return { status: 'duplicate', fileId: again[0].id };
    }
    throw error;
  }
  return { status: 'imported', fileId };
}
