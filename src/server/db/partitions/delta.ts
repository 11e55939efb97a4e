import { ident, type Sql } from './catalog.ts';
import type { PartitionedTable } from './months.ts';

/**
 * Changes made to the ordinary tables while their partitioned copies are filled (convert.ts): a trigger on
 * each old table records the key of every row inserted, updated or deleted after it is installed, and the
 * copy replays those rows from the old table (in catch-up passes, the last one under the swap's lock).
 */
export const changesTable = 'partition_conversion_changes';

/** The old tables' primary key: a single column each, what the changes record. */
export const rowKey: Record<PartitionedTable, string> = { transaction_summaries: 'id', cycles: 'id', events: 'event_id' };

const captureFunction = (table: PartitionedTable) => `partition_capture_${table}`;

export function installCapture(db: Sql, tables: readonly PartitionedTable[]): Promise<void> {
  const statements = [`CREATE TABLE IF NOT EXISTS ${changesTable} (seq bigserial PRIMARY KEY, tbl text NOT NULL, key text NOT NULL)`];
  statements.push(`CREATE INDEX IF NOT EXISTS ${changesTable}_tbl_idx ON ${changesTable} (tbl, key)`);
  statements.push(`CREATE OR REPLACE FUNCTION partition_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'table % is being converted to monthly partitions (npm run partition): TRUNCATE waits until it is done', TG_TABLE_NAME; END $$`);
  for (const table of tables) {
    const key = ident(rowKey[table]);
    statements.push(`CREATE OR REPLACE FUNCTION ${captureFunction(table)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN INSERT INTO ${changesTable} (tbl, key) VALUES ('${table}', OLD.${key}); END IF;
  IF TG_OP <> 'DELETE' THEN INSERT INTO ${changesTable} (tbl, key) VALUES ('${table}', NEW.${key}); END IF;
  RETURN NULL;
END $$`);
    statements.push(`DROP TRIGGER IF EXISTS partition_capture ON ${table}`);
    statements.push(`CREATE TRIGGER partition_capture AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${captureFunction(table)}()`);
    // bulk loads (session_replication_role = replica) are recorded too
    statements.push(`ALTER TABLE ${table} ENABLE ALWAYS TRIGGER partition_capture`);
    statements.push(`DROP TRIGGER IF EXISTS partition_refuse_truncate ON ${table}`);
    statements.push(`CREATE TRIGGER partition_refuse_truncate BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION partition_refuse_truncate()`);
    statements.push(`ALTER TABLE ${table} ENABLE ALWAYS TRIGGER partition_refuse_truncate`);
  }
  // one transaction: the triggers wait for writes in flight, and every later write is recorded
  return db.exec(`BEGIN; ${statements.join(';\n')}; COMMIT`);
}

/** Removes the triggers (from the tables that still exist under these names), their functions and the changes. */
export function removeCapture(db: Sql, tables: readonly PartitionedTable[], onTables: readonly string[]): Promise<void> {
  const statements: string[] = [];
  for (const table of onTables) {
    statements.push(`DROP TRIGGER IF EXISTS partition_capture ON ${table}`, `DROP TRIGGER IF EXISTS partition_refuse_truncate ON ${table}`);
  }
  for (const table of tables) statements.push(`DROP FUNCTION IF EXISTS ${captureFunction(table)}()`);
  statements.push('DROP FUNCTION IF EXISTS partition_refuse_truncate()', `DROP TABLE IF EXISTS ${changesTable}`);
  return db.exec(statements.join(';\n'));
}

/**
 * Brings the partitioned copies (`${table}__p`) up to date with the changes recorded so far, then forgets
 * them; inside the caller's transaction. The batch is fixed first (a change committed meanwhile waits for the
 * next pass). Summaries are upserted (cycles' foreign key points at them), cycles and events replaced; rows
 * gone from the old table are deleted from the copy, cycles before summaries. Returns how many changes.
 */
export async function applyChanges(db: Sql, columns: Record<PartitionedTable, string[]>): Promise<number> {
  await db.exec(`CREATE TEMPORARY TABLE partition_batch ON COMMIT DROP AS SELECT seq, tbl, key FROM ${changesTable}`);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from partition_batch');
  const keys = (table: PartitionedTable) => `(select key from partition_batch where tbl = '${table}')`;
  const summaryColumns = columns.transaction_summaries.filter((c) => c !== 'id').map(ident);
  const statements = [
    `INSERT INTO transaction_summaries__p SELECT o.* FROM ONLY transaction_summaries o WHERE o.id IN ${keys('transaction_summaries')}
       ON CONFLICT (id) DO UPDATE SET (${summaryColumns.join(', ')}) = ROW(${summaryColumns.map((c) => `excluded.${c}`).join(', ')})`,
  ];
  for (const table of ['cycles', 'events'] as const) {
    const key = ident(rowKey[table]);
    statements.push(`DELETE FROM ${table}__p WHERE ${key} IN ${keys(table)}`);
    statements.push(`INSERT INTO ${table}__p SELECT o.* FROM ONLY ${table} o WHERE o.${key} IN ${keys(table)}`);
  }
  statements.push(
    `DELETE FROM transaction_summaries__p n WHERE n.id IN ${keys('transaction_summaries')} AND NOT EXISTS (SELECT 1 FROM ONLY transaction_summaries o WHERE o.id = n.id)`,
  );
  statements.push(`DELETE FROM ${changesTable} WHERE seq IN (SELECT seq FROM partition_batch)`);
  if (n > 0) await db.exec(statements.join(';\n'));
  await db.exec('DROP TABLE partition_batch');
  return n;
}
