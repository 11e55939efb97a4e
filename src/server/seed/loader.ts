import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../db/client.ts';
import { rollupDeltaSql } from '../db/rollups.ts';
import { driverClient } from '../db/session.ts';
import { chunkTexts, type ChunkTexts } from './chunk-source.ts';
import { cycleColumns, eventColumns, rollupColumns, summaryColumns } from './columns.ts';
import { copyStatement } from './copy-text.ts';
import { insertChunkUnnest } from './load-unnest.ts';
import { pgCopyFrom } from './pg-copy.ts';
import type { GeneratedChunk } from './rows.ts';

/** Inserts generated chunks, each atomically (one transaction per chunk). */
export interface ChunkLoader {
  insert(organizationId: string, chunk: GeneratedChunk): Promise<void>;
  /** the COPY loaders: a chunk already turned into COPY text (by a generator thread, see chunk-source.ts) */
  insertTexts?: (texts: ChunkTexts) => Promise<void>;
  /** a bulk load: chunks carry the rollup columns to stage (ChunkTexts.staging) */
  staged: boolean;
  /** ends the load: a bulk load adds its staged rows to the stats rollups here */
  close(): Promise<void>;
}

/**
 * A bulk load skips the rollup triggers (they fire per statement, and one grouped upsert per chunk into ever
 * larger rollups cost four fifths of the load): each chunk also copies its summaries' rollup columns into this
 * temporary table, in the chunk's transaction, and close() adds them all to the rollups in one grouped pass.
 */
const staging = 'seed_rollup_rows';
const stagingTable = `CREATE TEMPORARY TABLE IF NOT EXISTS ${staging} (${rollupColumns.map((c) => `${c.name} ${c.type}`).join(', ')})`;
const addStaged = `SET work_mem = '256MB'; ${rollupDeltaSql(staging, 1)}; RESET work_mem; DROP TABLE ${staging}`;

type Part = readonly [string, readonly { name: string }[], Uint8Array<ArrayBuffer>];

function tables(texts: ChunkTexts): Part[] {
  const parts: Part[] = [
    ['transaction_summaries', summaryColumns, texts.summaries],
    ['cycles', cycleColumns, texts.cycles],
    ['events', eventColumns, texts.events],
  ];
  if (texts.staging) parts.push([staging, rollupColumns, texts.staging]);
  return parts.filter(([, , text]) => text.byteLength > 0);
}

export interface LoaderOptions {
  /**
   * Bulk mode: skip the per-row foreign-key triggers and the rollup triggers (session_replication_role =
   * replica, superusers only; ignored otherwise) and add the rollups once at the end. Safe for generated
   * data: merchants and organizations exist before, and every cycle's summary is in the same chunk.
   */
  skipForeignKeyChecks?: boolean;
}

function pgliteLoader(client: PGlite, bulk: boolean): ChunkLoader {
  let prepared = false;
  const insertTexts = async (texts: ChunkTexts) => {
    if (bulk && !prepared) await client.exec(stagingTable);
    prepared = true;
    await client.transaction(async (tx: Transaction) => {
      if (bulk) await tx.query('SET LOCAL session_replication_role = replica');
      for (const [table, columns, text] of tables(texts)) await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) });
    });
  };
  return {
    staged: bulk,
    insertTexts,
    insert: (organizationId, chunk) => insertTexts(chunkTexts(organizationId, chunk, bulk)),
    async close() {
      if (bulk && prepared) await client.exec(addStaged);
      prepared = false;
    },
  };
}

function postgresLoader(pool: Pool, bulk: boolean): ChunkLoader {
  let connection: Promise<PoolClient> | null = null;
  const connect = async () => {
    const client = await pool.connect();
    if (bulk) await client.query(stagingTable);
    return client;
  };
  const insertTexts = async (texts: ChunkTexts) => {
    connection ??= connect();
    const client = await connection;
    await client.query('BEGIN');
    try {
      // a lost commit on a crash only loses this chunk of generated data; it is never half-written
      await client.query('SET LOCAL synchronous_commit TO off');
      if (bulk) await client.query('SET LOCAL session_replication_role = replica');
      for (const [table, columns, text] of tables(texts)) await pgCopyFrom(client, copyStatement(table, columns, 'STDIN'), text);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  };
  return {
    staged: bulk,
    insertTexts,
    insert: (organizationId, chunk) => insertTexts(chunkTexts(organizationId, chunk, bulk)),
    async close() {
      if (!connection) return;
      const client = await connection;
      connection = null;
      try {
        if (bulk) await client.query(addStaged);
      } finally {
        client.release();
      }
    },
  };
}

/** COPY where the driver allows it (PGlite /dev/blob, pg COPY FROM STDIN); unnest() inserts otherwise. */
export async function openChunkLoader(database: Database, options: LoaderOptions = {}): Promise<ChunkLoader> {
  const client = driverClient(database);
  const bulk = options.skipForeignKeyChecks === true && (await isSuperuser(database));
  if (database.kind === 'pglite' && client && typeof (client as PGlite).transaction === 'function') return pgliteLoader(client as PGlite, bulk);
  if (database.kind === 'postgres' && client && typeof (client as Pool).connect === 'function') return postgresLoader(client as Pool, bulk);
  return { staged: false, insert: (org, chunk) => insertChunkUnnest(database, org, chunk), close: () => Promise.resolve() };
}

async function isSuperuser(database: Database): Promise<boolean> {
  const rows = await database.query<{ su: string }>("SELECT current_setting('is_superuser') AS su");
  return rows[0]?.su === 'on';
}
