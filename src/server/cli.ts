import { asc } from 'drizzle-orm';
import { firstStartLines, prepareDatabase } from './bootstrap.ts';
import type { Db } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { organizations } from './db/schema.ts';
import { readEnv, type RuntimeEnv } from './runtime-env.ts';
import { demoOrganization } from './seed/demo.ts';

/**
 * What the token and secret CLIs share. Kept out of their entry files: an entry that another module imports is
 * pulled into a shared chunk of the server build, where its `import.meta.url === argv[1]` check never matches
 * (vite.server.config.ts refuses such a build).
 */
export class CliError extends Error {}

export async function defaultOrganization(db: Db): Promise<string> {
  const rows = await db.select({ id: organizations.id }).from(organizations).orderBy(asc(organizations.id));
  if (rows.length === 1 && rows[0]) return rows[0].id;
  if (rows.some((r) => r.id === demoOrganization.id)) return demoOrganization.id;
  throw new CliError(`Several organizations exist; pass --organization (one of: ${rows.map((r) => r.id).join(', ')})`);
}

/** Shared by the token and secret CLIs: prepare the database (printing what a first start creates), run, print. */
export async function runCli(command: (db: Db, env: RuntimeEnv) => Promise<string>): Promise<void> {
  const env = readEnv();
  const prepared = await prepareDatabase(env, (line) => console.error(line)).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  const { database } = prepared;
  try {
    for (const line of firstStartLines(prepared)) console.error(line);
    console.log(await command(database.db, env));
  } catch (error) {
    process.exitCode = 1;
    console.error(error instanceof CliError || error instanceof TypeError ? error.message : error);
  } finally {
    await database.close();
  }
}
