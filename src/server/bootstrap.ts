import { sql } from 'drizzle-orm';
import { scopes } from '../contract/enums.ts';
import { createToken, findToken } from './auth/token-store.ts';
import { openDatabase, type Database } from './db/client.ts';
import { vacuumIfNeeded } from './db/maintenance.ts';
import { organizations } from './db/schema.ts';
import { upsertProviders } from './providers-sync.ts';
import type { RuntimeEnv } from './runtime-env.ts';
import { seedDemo } from './seed/demo.ts';

export interface Prepared {
  database: Database;
  /** true when this start created the demo organization */
  firstStart: boolean;
  /** the demo token: minted on first start, or DEMO_ACCESS_TOKEN when it is still valid */
  demoToken: string | null;
}

type Env = Pick<RuntimeEnv, 'dataDir' | 'databaseUrl' | 'demoAccessToken' | 'seedSummaries' | 'seed'> &
  Partial<Pick<RuntimeEnv, 'dbConnectTimeoutMs' | 'dbQueryTimeoutMs'>>;

export const describeDatabase = (env: Env): string =>
  env.databaseUrl ? `PostgreSQL (${env.databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})` : `PGlite in ${env.dataDir}`;

/**
 * The first-start path shared by the server and the token CLI: open (and migrate) the database, write the
 * provider catalogue, and on an empty database seed the demo organization and mint its token.
 */
export async function prepareDatabase(
  env: Env,
  log: (line: string) => void = () => undefined,
  onConnectionError?: (error: Error) => void,
): Promise<Prepared> {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    connectTimeoutMs: env.dbConnectTimeoutMs,
    queryTimeoutMs: env.dbQueryTimeoutMs,
    onConnectionError,
  });
  try {
    await upsertProviders(database.db);
    const [row] = await database.db.select({ n: sql<string>`count(*)` }).from(organizations);
    if (Number(row?.n ?? 0) > 0) {
      await vacuumIfNeeded(database, log);
      const valid = env.demoAccessToken ? await findToken(database.db, env.demoAccessToken) : null;
      return { database, firstStart: false, demoToken: valid && !valid.revoked ? (env.demoAccessToken ?? null) : null };
    }
    log(`First start: seeding the demo organization with ${env.seedSummaries} transaction summaries (seed ${env.seed})...`);
    const { organizationId } = await seedDemo(database, { seed: env.seed, summaries: env.seedSummaries });
    const { token } = await createToken(database.db, {
      name: 'demo',
      organizationId,
      scopes: [...scopes],
      mode: 'test',
      token: env.demoAccessToken,
    });
    return { database, firstStart: true, demoToken: token };
  } catch (error) {
    await database.close();
    throw error;
  }
}
