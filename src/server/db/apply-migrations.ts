import { readMigrationFiles } from 'drizzle-orm/migrator';

/** A connection to run the migrations on: `exec` takes statements without parameters (several at once). */
export interface MigrationConnection {
  exec(statements: string): Promise<unknown>;
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Applies, in journal order and in one transaction, every migration the database has not recorded, and records each in
 * drizzle's own table (`drizzle.__drizzle_migrations`: hash and journal timestamp, as drizzle writes them).
 *
 * Drizzle's migrator runs only the migrations whose journal timestamp (`when`) is later than the last one applied. The
 * journal's timestamps are not in order (migrations written on branches side by side: 0030–0040 carry earlier ones than
 * 0013 and 0022), so an upgraded database would silently skip them. Here a migration counts as applied when its hash
 * or its timestamp is recorded (the timestamp: a migration applied before its file's comments were edited).
 */
export async function applyMigrations(connection: MigrationConnection, migrationsFolder: string): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await connection.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const recorded = (await connection.query('SELECT hash, created_at::text AS at FROM drizzle.__drizzle_migrations', [])).rows as { hash: string; at: string | null }[];
  const hashes = new Set(recorded.map((r) => r.hash));
  const times = new Set(recorded.map((r) => r.at));
  const pending = migrations.filter((m) => !hashes.has(m.hash) && !times.has(String(m.folderMillis)));
  if (pending.length === 0) return 0;
  await connection.exec('BEGIN');
  try {
    for (const migration of pending) {
      for (const statement of migration.sql) if (statement.trim() !== '') await connection.exec(statement);
      await connection.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [migration.hash, migration.folderMillis]);
    }
    await connection.exec('COMMIT');
  } catch (error) {
    await connection.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return pending.length;
}
