import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { statementFiles } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { xid } from '../lib/xid.ts';
import { runMatching } from './matching.ts';
import { readStatement, type ReadResult } from './readers/read-statement.ts';
import type { LineProblem, StatementRecord } from './readers/statement-record.ts';
import { stageRecords } from './stage-records.ts';

export type ImportResult =
  | { status: 'imported'; fileId: string }
  | { status: 'duplicate'; fileId: string }
  | { status: 'rejected'; sha256: string; lines: number; problems: LineProblem[]; problemCount: number };

/** thrown inside the transaction to roll it back with what to answer */
class Undo extends Error {
  constructor(readonly result: ImportResult) {
    super(result.status);
  }
}

const sameFile = (db: Db, organizationId: string, sha256: string) => db.select({ id: statementFiles.id }).from(statementFiles)
  .where(and(eq(statementFiles.organizationId, organizationId), eq(statementFiles.sha256, sha256)));

/**
 * Imports a statement file already on disk in one pass and one transaction: the file's row, then every line read,
 * checked and streamed into a staging table (COPY on PostgreSQL) as it is read; then the matcher. A problem on any
 * line, or a file the organization already imported (same SHA-256, known once the last byte is read), rolls the
 * whole transaction back: nothing is left behind.
 */
export async function importStatement(db: Db, options: { organizationId: string; actor: string; path: string; name: string | null; onPhase?: (phase: string, ms: number) => void }): Promise<ImportResult> {
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    options.onPhase?.(name, now - mark);
    mark = now;
  };
  const fileId = xid();
  const size = (await stat(options.path)).size;
  let checked: ReadResult | null = null;
  try {
    await db.transaction(async (tx) => {
      // the real acquirer, layout and hash are known after the read: the row holds placeholders until then
      await tx.insert(statementFiles).values({ id: fileId, organizationId: options.organizationId, acquirer: 'cielo', layout: 'pending', sha256: `pending:${fileId}`,
        name: options.name, sizeBytes: size, lines: 0, records: 0, importedBy: options.actor });
      const stager = await stageRecords(tx, fileId, options.organizationId);
      let gross = 0n;
      let fee = 0n;
      let net = 0n;
      let sales = 0;
      // the payment record (settlement, paid) the following sale lines belong to, until the next settlement record
      let payment: number | null = null;
      const paired = (r: StatementRecord) => {
        if (r.kind === 'settlement') payment = r.paid === true ? r.line : null;
        const paymentLine = r.kind === 'settlement' || r.kind === 'sale' ? payment : null;
        if (r.kind === 'sale' && paymentLine === null) {
          sales++;
          gross += r.grossMinor;
          fee += r.feeMinor;
          net += r.netMinor;
        }
        return { record: r, paymentLine };
      };
      try {
        // batches of 1 000 die young in V8 (5 000 lived long enough to be promoted: up to 250 MB more RSS on a 1 M-line file)
        checked = await readStatement(createReadStream(options.path), { batchSize: 1000, onBatch: (records) => stager.add(records.map(paired)) });
        await stager.finish();
      } catch (error) {
        await stager.abort(error as Error);
        throw error;
      }
      const read: ReadResult = checked;
      const facts = read.facts;
      if (read.problemCount > 0 || facts === null) {
        throw new Undo({ status: 'rejected', sha256: read.sha256, lines: read.lines, problems: read.problems, problemCount: read.problemCount });
      }
      const [existing] = await sameFile(tx, options.organizationId, read.sha256);
      if (existing) throw new Undo({ status: 'duplicate', fileId: existing.id });
      phase('read and store');
      await tx.update(statementFiles).set({
        acquirer: facts.acquirer, layout: facts.layout, sha256: read.sha256, lines: read.lines, records: read.records, fileKind: facts.fileKind, headMid: facts.headMid,
        sequence: facts.sequence, generatedOn: facts.generatedOn, periodStart: facts.periodStart, periodEnd: facts.periodEnd, coversPayments: facts.coversPayments,
        saleRecords: sales, grossMinor: gross, feeMinor: fee, netMinor: net,
      }).where(eq(statementFiles.id, fileId));
      await runMatching(tx, options.organizationId, facts.acquirer, phase, true);
      phase('match');
    });
  } catch (error) {
    if (error instanceof Undo) return error.result;
    if (isUniqueViolation(error) && checked !== null) {
      const [again] = await sameFile(db, options.organizationId, (checked as ReadResult).sha256);
      if (again) return { status: 'duplicate', fileId: again.id };
    }
    throw error;
  }
  return { status: 'imported', fileId };
}
