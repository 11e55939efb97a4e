import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { crossApiBaseUrl, crossCountCap, crossSeedSummaries, crossWebBaseUrl, demoAdminEmail, demoAdminPassword, demoSigningSecret, demoToken, e2eBaseUrl, e2ePort, envNames, seedSummaries } from './env.ts';
import { runBuiltCli, startServerProcess, unthrottled, type ServerProcess } from './server-process.ts';
import { testDatabasePrefix } from '../../src/server/test/database-prefix.ts';

const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onPostgres<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 1500 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database for the second-origin API server, or null when none answers (it then uses PGlite). */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const name = `${testDatabasePrefix('acq_e2e_')}${randomBytes(5).toString('hex')}`;
  try {
    await onPostgres((c) => c.query(`create database ${name}`));
  } catch {
    console.warn('PostgreSQL does not answer: the second-origin API server runs on PGlite and the revocation spec is skipped.');
    return null;
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onPostgres((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function tsxOutput(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(tsx, args, { cwd: root, env, timeout: 180_000 });
  return stdout.trim();
}

/** The token CLI prints a header line, then the token on the last line. */
async function mintToken(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  const out = (await runBuiltCli('token-cli', ['create', ...args], env)).trim();
  const token = out.split('\n').at(-1)?.trim();
  if (!token) throw new Error(`token CLI printed no token:\n${out}`);
  return token;
}

/**
 * Builds first when the build is missing or older than the sources (tools/build.mjs, as `npm start` does), then
 * starts the real server on a fresh database: seed through the token CLI (which also mints the limited
 * tokens, before the server holds the single-process PGlite), then the real server (src/server/main.ts) with
 * WEB_ROOT set to a frozen copy of dist/web taken now, so a concurrent `vite build` in the same checkout
 * cannot pull the dashboard away mid-run. Beside it, the second-origin pair (env.ts: an API server on
 * PostgreSQL when one answers, and a dashboard host pointing at it). Rate limits are raised on all three.
 * Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [path.join(root, 'tools/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  const workDir = mkdtempSync(path.join(tmpdir(), 'acq-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const webRoot = path.join(workDir, 'web');
  cpSync(path.join(root, 'dist/web'), webRoot, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(e2ePort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_ACCESS_TOKEN: demoToken,
    DEMO_SIGNING_SECRET: demoSigningSecret,
    // the e2e sign in with the demo token (developers' token sign-in, issue 24)
    ALLOW_TOKEN_SIGN_IN: 'true',
    // the demo organization's first admin person (specs that sign in by password make people of their own: e2e/support/people.ts)
    DEMO_ADMIN_EMAIL: demoAdminEmail,
    DEMO_ADMIN_PASSWORD: demoAdminPassword,
    SEED: '1',
    SEED_SUMMARIES: String(seedSummaries),
    LOG_LEVEL: 'warn',
    WEB_ROOT: webRoot,
    ...unthrottled,
  };
  delete env.DATABASE_URL;
  delete env.CORS_ORIGIN;
  delete env.PUBLIC_API_BASE_URL;

  process.env[envNames.readerToken] = await mintToken(env, ['--name', 'e2e-reader', '--scopes', 'transactions:read,events:read', '--mode', 'live']);
  const merchant = await tsxOutput(['e2e/support/first-merchant.ts'], env);
  process.env[envNames.merchantId] = merchant;
  process.env[envNames.merchantToken] = await mintToken(env, [
    '--name',
    'e2e-merchant',
    '--scopes',
    'providers:read,credentials:write,transactions:read,events:read',
    '--mode',
    'live',
    '--merchant',
    merchant,
  ]);

  const postgres = await createPostgresDatabase();
  if (postgres) process.env[envNames.crossDatabaseUrl] = postgres.url;
  const crossApiEnv: NodeJS.ProcessEnv = {
    ...env,
    PORT: String(e2ePort + 1),
    DATA_DIR: path.join(workDir, 'cross-api-data'),
    SEED_SUMMARIES: String(crossSeedSummaries),
    COUNT_CAP: String(crossCountCap),
    CORS_ORIGIN: crossWebBaseUrl,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const crossWebEnv: NodeJS.ProcessEnv = {
    ...env,
    PORT: String(e2ePort + 2),
    DATA_DIR: path.join(workDir, 'cross-web-data'),
    SEED_SUMMARIES: '10',
    PUBLIC_API_BASE_URL: crossApiBaseUrl,
  };
  const started: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await postgres?.drop().catch((error: unknown) => console.warn(`could not drop the e2e PostgreSQL database: ${String(error)}`));
    rmSync(workDir, { recursive: true, force: true });
  };
  const starting = [
    startServerProcess('e2e', e2eBaseUrl, env),
    startServerProcess('second-origin API', crossApiBaseUrl, crossApiEnv),
    startServerProcess('second-origin dashboard', crossWebBaseUrl, crossWebEnv),
  ];
  const results = await Promise.allSettled(starting);
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  return stop;
}
