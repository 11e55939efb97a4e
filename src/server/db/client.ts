import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './data-dir-lock.ts';
import { defaultPoolSize, defaultPoolWaitMs, GuardedPool, guardedPoolConfig, type PoolStats } from './pool.ts';
import * as schema from './schema.ts';
import { yieldingPglite } from './yielding-pglite.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  /** the primary: every write, and reads that must see the caller's own writes */
  db: Db;
  /**
   * Reads that may lag a little: list pages, stats and exports. A streaming replica when DATABASE_READ_URL is
   * set (PostgreSQL), else the primary itself.
   */
  read: Db;
  /** true when `read` is a replica */
  replica: boolean;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed) outside Drizzle: for bulk loading and EXPLAIN. */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  /** the connection pools' state now (PostgreSQL: primary and replica; PGlite: its one-at-a-time queue), for the metrics */
  poolStats(): PoolStats[];
  close(): Promise<void>;
}

import { applyMigrations } from './apply-migrations.ts';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DatabaseOptions {
  /** a PostgreSQL URL; when set it replaces the embedded database */
  databaseUrl?: string | undefined;
  /** a read replica of databaseUrl (DATABASE_READ_URL): list, stats and export reads go there */
  readUrl?: string | undefined;
  /** folder of the embedded database; undefined or 'memory://' means in memory */
  dataDir?: string | undefined;
  /** PostgreSQL: a new connection gives up after this long (DB_CONNECT_TIMEOUT_MS) */
  connectTimeoutMs?: number;
  /** PostgreSQL: connections per pool (DB_POOL_SIZE, default 10) */
  poolSize?: number;
  /** PostgreSQL: a caller waits this long for a connection before a PoolBusyError (DB_POOL_WAIT_MS, default 2000) */
  poolWaitMs?: number;
  /** PostgreSQL: give up on a statement's answer after this long (DB_QUERY_TIMEOUT_MS) */
  queryTimeoutMs?: number;
  /** called with connection errors that no request is waiting for (the process never dies of them) */
  onConnectionError?: (error: Error) => void;
}

export const defaultConnectTimeoutMs = 2000;
export const defaultQueryTimeoutMs = 30_000;

function openPool(name: 'primary' | 'replica', url: string, options: DatabaseOptions): GuardedPool {
  const pool = new GuardedPool(name, {
    connectionString: url,
    ...guardedPoolConfig({ size: options.poolSize ?? defaultPoolSize, waitMs: options.poolWaitMs ?? defaultPoolWaitMs, connectTimeoutMs: options.connectTimeoutMs ?? defaultConnectTimeoutMs }),
    query_timeout: options.queryTimeoutMs ?? defaultQueryTimeoutMs,
    keepAlive: true,
  });
  const onError = options.onConnectionError ?? (() => undefined);
  // An idle client that loses its connection is reported on the pool, a checked-out one on the client
  // itself: without these listeners either would end the process (an unhandled 'error' event).
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/**
 * Applies the migrations on a connection of their own without the pool's statement-answer timeout
 * (DB_QUERY_TIMEOUT_MS): a migration that rewrites a large table (1 M summaries) runs for longer than a request
 * may, and giving up on its answer would leave the statement running on the server while the start fails.
 */
async function migrateWithoutTimeout(pool: GuardedPool): Promise<void> {
  // the pool's Client class carries DB_CONNECT_TIMEOUT_MS (the pool's own connectionTimeoutMillis is its queue wait)
  const Client = (pool.options.Client as typeof pg.Client | undefined) ?? pg.Client;
  const client = new Client({ ...pool.options, query_timeout: undefined });
  client.on('error', () => undefined); // a lost connection fails the statement that waits on it
  await client.connect();
  try {
    await applyMigrations({ exec: (text) => client.query(text), query: (text, params) => client.query(text, params) }, migrationsFolder);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Opens PGlite (file-backed under dataDir, or in memory) or PostgreSQL, and applies the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.readUrl && !options.databaseUrl) {
    throw new Error('DATABASE_READ_URL names a read replica of DATABASE_URL: set DATABASE_URL too (the embedded database has no replicas).');
  }
  if (options.databaseUrl) {
    const pool = openPool('primary', options.databaseUrl, options);
    const replicaPool = options.readUrl ? openPool('replica', options.readUrl, options) : null;
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await migrateWithoutTimeout(pool);
    } catch (error) {
      await Promise.all([pool.end(), replicaPool?.end()]).catch(() => undefined);
      throw error;
    }
    return {
      db,
      read: replicaPool ? drizzlePg(replicaPool, { schema }) : db,
      replica: replicaPool !== null,
      kind: 'postgres',
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      query: async <T>(sqlText: string, params: unknown[] = []) => (await pool.query(sqlText, params)).rows as T[],
      poolStats: () => (replicaPool ? [pool.stats(), replicaPool.stats()] : [pool.stats()]),
      close: async () => {
        await Promise.all([pool.end(), replicaPool?.end()]);
      },
    };
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  const raw = dataDir ? new PGlite(dataDir) : new PGlite();
  const queue = { depth: 0 };
  const client = yieldingPglite(raw, queue);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await applyMigrations({ exec: (text) => client.exec(text), query: (text, params) => client.query(text, params) }, migrationsFolder);
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return {
    db,
    read: db,
    replica: false,
    kind: 'pglite',
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query<T>(sqlText, params)).rows,
    // no pool: one statement (or transaction) at a time, the rest queue in the process without a time limit
    poolStats: () => [{ name: 'embedded', max: 1, total: 1, idle: queue.depth > 0 ? 0 : 1, inUse: Math.min(1, queue.depth), waiting: Math.max(0, queue.depth - 1), waitTimeouts: 0 }],
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
