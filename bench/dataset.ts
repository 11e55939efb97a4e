import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { demoOrganization } from '../src/server/seed/demo.ts';
import type { BenchOptions } from './args.ts';
import { databaseEnv, runBuilt } from './processes.ts';

export interface Dataset {
  kind: 'pglite' | 'postgres';
  summaries: number;
  /** seconds the seed took in this run; null when an existing dataset was reused */
  seedSeconds: number | null;
  /** seed time recorded when the reused dataset was made */
  recordedSeedSeconds: number | null;
  organizationId: string;
  /** PostgreSQL: summaries, cycles and events in monthly partitions (npm run partition) */
  partitioned?: boolean;
}

interface Marker {
  summaries: number;
  seed: number;
  seedSeconds: number;
  completedAt: string;
}

const markerPath = (dataDir: string) => `${dataDir}.bench.json`;

function readMarker(dataDir: string): Marker | null {
  try {
    return JSON.parse(readFileSync(markerPath(dataDir), 'utf8')) as Marker;
  } catch {
    return null;
  }
}

async function seed(options: BenchOptions, summaries: number): Promise<number> {
  console.error(`bench: seeding ${summaries} summaries (${options.databaseUrl ? 'PostgreSQL' : options.dataDir})...`);
  const started = performance.now();
  await runBuilt('seed-cli', ['--summaries', String(summaries), '--seed', String(options.seed)], databaseEnv(options.dataDir, options.databaseUrl));
  return (performance.now() - started) / 1000;
}

async function postgresPartitioned(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string | null }>(`select relkind::text as kind from pg_class where oid = to_regclass('transaction_summaries')`);
    return rows[0]?.kind === 'p';
  } finally {
    await client.end();
  }
}

async function postgresCount(url: string, organizationId: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const exists = await client.query<{ t: string | null }>(`select to_regclass('transaction_summaries') as t`);
    if (!exists.rows[0]?.t) return 0;
    const { rows } = await client.query<{ n: string }>('select count(*) as n from transaction_summaries where organization_id = $1', [organizationId]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * PGlite: reuses DATA_DIR when its marker says it was seeded completely with this size; otherwise removes
 * it and seeds afresh. PostgreSQL: tops the demo organization up to the requested size.
 */
export async function ensureDataset(options: BenchOptions): Promise<Dataset> {
  const organizationId = demoOrganization.id;
  if (options.databaseUrl) {
    const have = await postgresCount(options.databaseUrl, organizationId);
    const seedSeconds = have < options.summaries ? await seed(options, options.summaries - have) : null;
    const summaries = seedSeconds === null ? have : await postgresCount(options.databaseUrl, organizationId);
    return { kind: 'postgres', summaries, seedSeconds, recordedSeedSeconds: null, organizationId, partitioned: await postgresPartitioned(options.databaseUrl) };
  }
  const marker = readMarker(options.dataDir);
  if (marker && marker.summaries === options.summaries && existsSync(options.dataDir)) {
    console.error(`bench: reusing ${options.dataDir} (${marker.summaries} summaries, seeded ${marker.completedAt})`);
    return { kind: 'pglite', summaries: marker.summaries, seedSeconds: null, recordedSeedSeconds: marker.seedSeconds, organizationId };
  }
  rmSync(options.dataDir, { recursive: true, force: true });
  rmSync(markerPath(options.dataDir), { force: true });
  const seedSeconds = await seed(options, options.summaries);
  const done: Marker = { summaries: options.summaries, seed: options.seed, seedSeconds, completedAt: new Date().toISOString() };
  writeFileSync(markerPath(options.dataDir), `${JSON.stringify(done, null, 2)}\n`);
  return { kind: 'pglite', summaries: options.summaries, seedSeconds, recordedSeedSeconds: seedSeconds, organizationId };
}

/** Mints a read token for the demo organization with the token CLI (the database must not be locked). */
export async function mintToken(options: BenchOptions): Promise<string> {
  const out = await runBuilt(
    'token-cli',
    ['create', '--name', `bench-${Date.now()}`, '--scopes', 'providers:read,credentials:write,transactions:read,events:read', '--mode', 'test'],
    databaseEnv(options.dataDir, options.databaseUrl),
  );
  const token = out.trim().split('\n').at(-1)?.trim();
  if (!token) throw new Error(`the token CLI printed no token:\n${out}`);
  return token;
}
