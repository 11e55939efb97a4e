import type { Database } from '../db/client.ts';
import { openSession } from './session.ts';

export const loadedTables = ['transaction_summaries', 'cycles', 'events'] as const;
const rollupTables = ['summary_rollup', 'summary_rollup_daily', 'summary_rollup_status'] as const;

export interface DroppedIndexes {
  /** names of the dropped indexes, in the order they are recreated */
  names: string[];
  /** recreates every dropped index from its own definition, then refreshes planner statistics */
  restore(onIndex?: (name: string) => void, onPhase?: (step: string) => void): Promise<void>;
}

/** The index again, from its definition; a partitioned table's index ("ON ONLY" the parent) with its partitions' too. */
const recreate = (definition: string) => definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ').replace(' ON ONLY ', ' ON ');

export interface DropOptions {
  /**
   * Also drop the primary keys and the foreign key between the loaded tables (cycles → summaries), rebuilt
   * first at the end. Only for a load into empty tables, where every row is the generator's (its ids are unique
   * by construction, and checked before the load): at 10 million rows, keeping random-order ids in B-trees far
   * larger than shared_buffers costs more than the rest of the load, in page reads and in full-page WAL images.
   */
  keys?: boolean;
  /** the tables whose secondary indexes are dropped (default the seed's loaded tables, with the rollups analyzed after) */
  tables?: readonly string[];
  /** indexes to keep (a load that reads its own table as it goes, like the receivables backfill's "not yet scheduled") */
  keep?: readonly string[];
}

interface Dropped {
  name: string;
  /** the statement that recreates it */
  definition: string;
}

/** Primary keys of the loaded tables, and the foreign keys among them (dropped before those, recreated after). */
async function keyConstraints(database: Database): Promise<{ primary: Dropped[]; foreign: Dropped[]; drops: string[] }> {
  const rows = await database.query<{ name: string; tbl: string; kind: string; definition: string }>(
    `SELECT conname AS name, conrelid::regclass::text AS tbl, contype::text AS kind, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint
      WHERE conrelid = ANY($1::regclass[]) AND conparentid = 0 AND (contype = 'p' OR (contype = 'f' AND confrelid = ANY($1::regclass[])))
      ORDER BY contype DESC, conname`,
    [[...loadedTables]],
  );
  const statement = (r: (typeof rows)[number]) => ({ name: r.name, definition: `ALTER TABLE ${r.tbl} ADD CONSTRAINT "${r.name}" ${r.definition}` });
  return {
    primary: rows.filter((r) => r.kind === 'p').map(statement),
    foreign: rows.filter((r) => r.kind === 'f').map(statement),
    // foreign keys first: they depend on the primary keys they reference
    drops: [...rows].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'f' ? -1 : 1)).map((r) => `ALTER TABLE ${r.tbl} DROP CONSTRAINT "${r.name}"`),
  };
}

/**
 * Drops the secondary indexes of the loaded tables (and with `keys` their primary keys) so a huge load appends
 * to heaps instead of maintaining ~30 B-trees row by row. Each is recreated from the definition PostgreSQL itself
 * reports (pg_indexes.indexdef, pg_get_constraintdef), so the schema ends exactly as the migrations made it.
 */
export async function dropSecondaryIndexes(database: Database, options: DropOptions = {}): Promise<DroppedIndexes> {
  const tables = options.tables ?? loadedTables;
  const kept = new Set(options.keep ?? []);
  const listed = await database.query<Dropped>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))
      ORDER BY i.tablename, i.indexname`,
    [[...tables]],
  );
  const indexes = listed.filter((i) => !kept.has(i.name));
  const keys = options.keys ? await keyConstraints(database) : { primary: [], foreign: [], drops: [] };
  for (const drop of keys.drops) await database.exec(drop);
  for (const index of indexes) await database.exec(`DROP INDEX IF EXISTS "${index.name.replace(/"/g, '""')}"`);
  const rebuilt = [...keys.primary, ...keys.foreign, ...indexes.map((i) => ({ name: i.name, definition: recreate(i.definition) }))];
  let restored = false;
  return {
    names: rebuilt.map((r) => r.name),
    async restore(onIndex, onPhase) {
      if (restored) return;
      restored = true;
      // one connection, with room to sort in memory (PostgreSQL's default 64 MB spills a million rows to disk)
      const session = await openSession(database, { long: true });
      try {
        if (database.kind === 'postgres') await session.exec("SET maintenance_work_mem = '1GB'");
        for (const row of rebuilt) {
          onIndex?.(row.name);
          await session.exec(row.definition);
        }
      } finally {
        await session.release();
      }
      onPhase?.('analyzing the loaded tables and the rollups');
      // (the rollups need no CLUSTER: the load added its rows to them in one pass, in key order)
      await database.exec(`ANALYZE ${(options.tables ? [...tables] : [...loadedTables, ...rollupTables]).join(', ')}`);
    },
  };
}
