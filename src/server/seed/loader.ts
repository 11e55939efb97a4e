import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../db/client.ts';
import { cycleColumns, eventColumns, summaryColumns } from './columns.ts';
import { copyStatement, copyText } from './copy-text.ts';
import { insertChunkUnnest } from './load-unnest.ts';
import { pgCopyFrom } from './pg-copy.ts';
import type { GeneratedChunk } from './rows.ts';

/** Inserts generated chunks, each atomically (one transaction per chunk). */
export interface ChunkLoader {
  insert(organizationId: string, chunk: GeneratedChunk): Promise<void>;
  close(): Promise<void>;
}

function tables(organizationId: string, chunk: GeneratedChunk) {
  return [
    ['transaction_summaries', summaryColumns, copyText(summaryColumns, chunk.summaries, organizationId)],
    ['cycles', cycleColumns, copyText(cycleColumns, chunk.cycles, organizationId)],
    ['events', eventColumns, copyText(eventColumns, chunk.events, organizationId)],
  ] as const;
}

/** The driver client behind the Drizzle handle (Drizzle keeps it as `$client`). */
function driverClient(database: Database): unknown {
  return (database.db as unknown as { $client?: unknown }).$client;
}

export interface LoaderOptions {
  /**
   * Skip the per-row foreign-key triggers (session_replication_role = replica, superusers only; ignored
   * otherwise). Safe for generated data: merchants and organizations exist before, and every cycle's
   * summary is in the same chunk.
   */
  skipForeignKeyChecks?: boolean;
}

function pgliteLoader(client: PGlite, skipTriggers: boolean): ChunkLoader {
  return {
    async insert(organizationId, chunk) {
      const parts = tables(organizationId, chunk);
      await client.transaction(async (tx: Transaction) => {
        if (skipTriggers) await tx.query('SET LOCAL session_replication_role = replica');
        for (const [table, columns, text] of parts) {
          if (text !== '') await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) });
        }
      });
    },
    close: () => Promise.resolve(),
  };
}

function postgresLoader(pool: Pool, skipTriggers: boolean): ChunkLoader {
  let connection: Promise<PoolClient> | null = null;
  return {
    async insert(organizationId, chunk) {
      connection ??= pool.connect();
      const client = await connection;
      const parts = tables(organizationId, chunk);
      await client.query('BEGIN');
      try {
        // a lost commit on a crash only loses this chunk of generated data; it is never half-written
        await client.query('SET LOCAL synchronous_commit TO off');
        if (skipTriggers) await client.query('SET LOCAL session_replication_role = replica');
        for (const [table, columns, text] of parts) if (text !== '') await pgCopyFrom(client, copyStatement(table, columns, 'STDIN'), text);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    async close() {
      if (connection) (await connection).release();
      connection = null;
    },
  };
}

/** COPY where the driver allows it (PGlite /dev/blob, pg COPY FROM STDIN); unnest() inserts otherwise. */
export async function openChunkLoader(database: Database, options: LoaderOptions = {}): Promise<ChunkLoader> {
  const client = driverClient(database);
  const skip = options.skipForeignKeyChecks === true && (await isSuperuser(database));
  if (database.kind === 'pglite' && client && typeof (client as PGlite).transaction === 'function') return pgliteLoader(client as PGlite, skip);
  if (database.kind === 'postgres' && client && typeof (client as Pool).connect === 'function') return postgresLoader(client as Pool, skip);
  return { insert: (org, chunk) => insertChunkUnnest(database, org, chunk), close: () => Promise.resolve() };
}

async function isSuperuser(database: Database): Promise<boolean> {
  const rows = await database.query<{ su: string }>("SELECT current_setting('is_superuser') AS su");
  return rows[0]?.su === 'on';
}
