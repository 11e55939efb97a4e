import pg from 'pg';
import type { Database } from './client.ts';

/** The driver client behind the Drizzle handle (Drizzle keeps it as `$client`). */
export function driverClient(database: Database): unknown {
  return (database.db as unknown as { $client?: unknown }).$client;
}

/** One connection held for a run of statements, so session settings (SET, temporary tables) last across them. */
export interface Session {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  release(): Promise<void>;
}

function pgSession(client: pg.ClientBase, release: () => Promise<void>): Session {
  return {
    exec: async (sqlText) => {
      await client.query(sqlText);
    },
    query: async <T>(sqlText: string, params: unknown[] = []) => (await client.query(sqlText, params)).rows as T[],
    release,
  };
}

/**
 * A dedicated connection on PostgreSQL: one of the pool's, or with `long` a connection of its own without the
 * pool's statement-answer timeout (DB_QUERY_TIMEOUT_MS), for maintenance that may run for minutes. PGlite has
 * one connection, which is the session.
 */
export async function openSession(database: Database, options: { long?: boolean } = {}): Promise<Session> {
  const pool = driverClient(database);
  if (database.kind === 'postgres' && pool instanceof pg.Pool) {
    if (options.long) {
      // the pool's Client class carries DB_CONNECT_TIMEOUT_MS (the pool's own connectionTimeoutMillis is its queue wait)
      const Client = (pool.options.Client as typeof pg.Client | undefined) ?? pg.Client;
      const client = new Client({ ...pool.options, query_timeout: undefined });
      client.on('error', () => undefined); // a lost connection fails the statement that waits on it
      await client.connect();
      return pgSession(client, () => client.end());
    }
    const connection = await pool.connect();
    return pgSession(connection, () => Promise.resolve(connection.release()));
  }
  return { exec: (sqlText) => database.exec(sqlText), query: (sqlText, params) => database.query(sqlText, params), release: () => Promise.resolve() };
}
