import { and, desc, eq, lt } from 'drizzle-orm';
import type { StatementFile } from '../../contract/reconciliation.ts';
import type { Db } from '../db/client.ts';
import { statementFiles } from '../db/schema.ts';

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

/** newest first; ids are XIDs, which sort by creation time */
export async function listFiles(db: Db, organizationId: string, limit: number, cursor: string | undefined) {
  const rows = await db.select().from(statementFiles)
    .where(and(eq(statementFiles.organizationId, organizationId), cursor === undefined ? undefined : lt(statementFiles.id, cursor)))
    .orderBy(desc(statementFiles.id)).limit(limit + 1);
  const data = rows.slice(0, limit).map(fileOf);
  return { data, nextCursor: rows.length > limit ? (data.at(-1)?.id ?? null) : null };
}
