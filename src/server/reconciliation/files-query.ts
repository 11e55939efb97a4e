import { and, desc, eq, sql } from 'drizzle-orm';
import type { StatementFile } from '../../contract/reconciliation.ts';
import type { Db } from '../db/client.ts';
import { statementFiles } from '../db/schema.ts';
import { afterForwardCursor, encodeForwardCursor, fingerprint, type KeysetOrder } from '../lists/keyset.ts';

type FileRow = typeof statementFiles.$inferSelect;

export function fileOf(r: FileRow): StatementFile {
  return {
    id: r.id, acquirer: r.acquirer as StatementFile['acquirer'], layout: r.layout, name: r.name, sha256: r.sha256, sizeBytes: r.sizeBytes, lines: r.lines,
    records: r.records, fileKind: r.fileKind, periodStart: r.periodStart, periodEnd: r.periodEnd, generatedOn: r.generatedOn, importedAt: r.importedAt.toISOString(),
    importedBy: r.importedBy, saleRecords: r.saleRecords, matchedRecords: r.matchedRecords, exceptions: r.exceptions, grossMinor: r.grossMinor.toString(),
    feeMinor: r.feeMinor.toString(), netMinor: r.netMinor.toString(),
  };
}

export async function readFile(db: Db, organizationId: string, id: string): Promise<StatementFile | null> {
  const [row] = await db.select().from(statementFiles).where(and(eq(statementFiles.organizationId, organizationId), eq(statementFiles.id, id)));
  return row ? fileOf(row) : null;
}

/** newest first: ids are XIDs, which sort by creation time (lists/keyset.ts, the id its own key) */
const fileOrder: KeysetOrder = { list: 'statement-files', key: sql`${statementFiles.id}`, type: 'text', nullable: false, id: statementFiles.id, direction: 'desc' };
const print = fingerprint(fileOrder.list, 'id', fileOrder.direction, {});

export async function listFiles(db: Db, organizationId: string, limit: number, cursor: string | undefined) {
  const after = afterForwardCursor(fileOrder, cursor, print);
  const rows = await db.select().from(statementFiles)
    .where(and(eq(statementFiles.organizationId, organizationId), after))
    .orderBy(desc(statementFiles.id)).limit(limit + 1);
  const data = rows.slice(0, limit).map(fileOf);
  const last = data.at(-1);
  return { data, nextCursor: rows.length > limit && last ? encodeForwardCursor({ value: last.id, id: last.id }, print) : null };
}
