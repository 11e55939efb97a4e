import type { Database } from '../db/client.ts';
import { openSession } from '../db/session.ts';

export const loadedTables = ['transaction_summaries', 'cycles', 'events'] as const;
const rollupTables = ['summary_rollup', 'summary_rollup_daily', 'summary_rollup_status'] as const;

export interface DroppedIndexes {
  /** names of the dropped indexes, in the order they are recreated */
  names: string[];
  /** recreates every dropped index from its own definition, then refreshes planner statistics */
  restore(onIndex?: (name: string) => void): Promise<void>;
}

/** The index again, from its definition; a partitioned table's index ("ON ONLY" the parent) with its partitions' too. */
const recreate = (definition: string) => definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ').replace(' ON ONLY ', ' ON ');

/**
 * Drops the secondary indexes of the loaded tables (primary keys stay: they guard id uniqueness) so a
 * huge load appends to heaps instead of maintaining ~14 B-trees row by row. Each index is recreated from
 * the definition PostgreSQL itself reports (pg_indexes.indexdef), so the schema ends exactly as the
 * migrations made it.
 */
export async function dropSecondaryIndexes(database: Database): Promise<DroppedIndexes> {
  const rows = await database.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
      ORDER BY i.tablename, i.indexname`,
    [[...loadedTables]],
  );
  for (const row of rows) await database.exec(`DROP INDEX IF EXISTS "${row.name.replace(/"/g, '""')}"`);
  let restored = false;
  return {
    names: rows.map((r) => r.name),
    async restore(onIndex) {
      if (restored) return;
      restored = true;
      // one connection, with room to sort in memory (PostgreSQL's default 64 MB spills a million rows to disk)
      const session = await openSession(database, { long: true });
      try {
        if (database.kind === 'postgres') await session.exec("SET maintenance_work_mem = '1GB'");
        for (const row of rows) {
          onIndex?.(row.name);
          await session.exec(recreate(row.definition));
        }
      } finally {
        await session.release();
      }
      await database.exec(`ANALYZE ${loadedTables.join(', ')}`);
      // the stats rollups (migration 0007) grew chunk by chunk in time-random order: rewrite them in key order
      for (const table of rollupTables) await database.exec(`CLUSTER ${table} USING ${table}_pk; ANALYZE ${table}`);
    },
  };
}
