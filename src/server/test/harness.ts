import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Scope, TokenMode } from '../../contract/enums.ts';
import { scopes } from '../../contract/enums.ts';
import { buildApp } from '../app.ts';
import { createToken } from '../auth/token-store.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { convertToPartitions } from '../db/partitions/convert.ts';
import { monthsToKeepReady } from '../db/partitions/maintain.ts';
import { monthOf } from '../db/partitions/months.ts';
import { merchants, organizations } from '../db/schema.ts';
import { openSession } from '../db/session.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { upsertProviders } from '../providers/providers-sync.ts';
import { testDatabasePrefix } from './database-prefix.ts';

export type BackendKind = 'pglite' | 'postgres';

const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const postgresAvailable = await postgresAnswers();
if (!postgresAvailable) console.warn(`PostgreSQL at ${adminUrl} does not answer: the PostgreSQL suites are skipped (PGlite suites still run).`);

/** Both backends; describe.each over this and skip the PostgreSQL one with describe.skipIf(!available). */
export const backends: { kind: BackendKind; available: boolean }[] = [
  { kind: 'pglite', available: true },
  { kind: 'postgres', available: postgresAvailable },
];

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  database: Database;
  /** closes the handle and drops the PostgreSQL database */
  dispose(): Promise<void>;
}

/**
 * TEST_PARTITIONED=1 runs the PostgreSQL suites on monthly partitions: each new PostgreSQL database is converted
 * (npm run partition -- convert) right after its migrations, so the same tests check the server on both layouts.
 */
export const partitionedTests = process.env.TEST_PARTITIONED === '1';

/** Converts a fresh (empty) PostgreSQL database to monthly partitions, as `npm run partition -- convert` does. */
export async function partitionDatabase(database: Database): Promise<void> {
  const session = await openSession(database, { long: true });
  try {
    await convertToPartitions(session, { months: monthsToKeepReady(monthOf(Date.now()), Date.now()) });
  } finally {
    await session.release();
  }
}

/** A fresh empty database (migrated, providers upserted): in-memory PGlite, or a new PostgreSQL database. */
export async function createTestDatabase(kind: BackendKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({});
    await upsertProviders(database.db);
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ databaseUrl: created.url.toString() });
  if (partitionedTests) await partitionDatabase(database);
  await upsertProviders(database.db);
  return {
    database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** A new empty PostgreSQL database on the shared server (its URL), and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: URL; drop(): Promise<void> }> {
  const name = `${testDatabasePrefix('acq_test_')}${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url, drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

/** The URL of a test database on PostgreSQL (for a second pool, or another process, on the same database). */
export async function postgresUrlOf(database: Database): Promise<string> {
  const [row] = await database.query<{ name: string }>('select current_database() as name');
  const url = new URL(adminUrl);
  url.pathname = `/${row?.name ?? ''}`;
  return url.toString();
}

export interface TestApp extends TestDatabase {
  app: ApiInstance;
  close(): Promise<void>;
}

export async function createTestApp(kind: BackendKind): Promise<TestApp> {
  const test = await createTestDatabase(kind);
  const app = await buildApp({ database: test.database, webRoot: null });
  return {
    ...test,
    app,
    close: async () => {
      await app.close();
      await test.dispose();
    },
  };
}

/** A small organization with merchants, for tests that need no transactions. */
export async function insertOrganization(database: Database, id: string, merchantIds: string[]): Promise<void> {
  await database.db.insert(organizations).values({ id, name: `Org ${id}`, taxId: '00000000000191' });
  if (merchantIds.length > 0) {
    await database.db.insert(merchants).values(merchantIds.map((m) => ({ id: m, organizationId: id, name: `Merchant ${m}`, taxId: '11111111000191' })));
  }
}

export interface TokenOptions {
  scopes?: readonly Scope[];
  mode?: TokenMode;
  merchantId?: string | null;
}

/** Mints a token and returns its bearer header value. */
export async function bearer(database: Database, organizationId: string, options: TokenOptions = {}): Promise<string> {
  const { token } = await createToken(database.db, {
    name: 'test',
    organizationId,
    scopes: [...(options.scopes ?? scopes)],
    mode: options.mode ?? 'test',
    merchantId: options.merchantId ?? null,
  });
  return `Bearer ${token}`;
}
