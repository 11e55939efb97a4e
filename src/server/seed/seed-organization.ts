import type { Database } from '../db/client.ts';
import { isPartitioned } from '../db/partitions/catalog.ts';
import { ensureMonths } from '../db/partitions/maintain.ts';
import { monthOf, monthRange } from '../db/partitions/months.ts';
import { openSession } from '../db/session.ts';
import { generateChunks, generateSale, generatorContext } from './generate.ts';
import { dropSecondaryIndexes } from '../db/bulk-indexes.ts';
import { chunksOf, workerChunks, type ChunkSpec, type ChunkTexts } from './chunk-source.ts';
import { openChunkLoader, type ChunkLoader } from './loader.ts';
import { cnpj, createMerchants, merchantProfile, type MerchantRecord } from './merchants.ts';
import { hash128, Rng } from './prng.ts';
import { existingMerchants, insertMerchants, insertOrganization, insertProviders } from './reference-data.ts';
import { historyDays, MS_PER_DAY, toAnchorMs } from './time.ts';

export interface SeedOrganizationOptions {
  seed: number;
  summaries: number;
  organizationId: string;
  organizationName: string;
  /** how many merchants to create; by default the organization's existing merchants, or 6 when it has none */
  merchants?: number;
  /** summaries done and total; the third argument counts every row written (summaries, cycles, events) */
  onProgress?: (done: number, total: number, rows: number) => void;
  /** "now" of the data (default: the current time, truncated to the minute); same seed + anchor = same data */
  anchor?: Date | number | string;
  /** position of the first sale in this seed's sequence; lets a later run append without id collisions */
  startIndex?: number;
  /** sales per inserted chunk */
  chunkSize?: number;
  /**
   * Bulk mode for huge loads: drop the secondary indexes of the loaded tables (and their primary keys when they
   * are empty: see DropOptions) and skip per-row foreign-key and rollup triggers while loading, then recreate the
   * keys and indexes exactly, add the rows to the rollups and ANALYZE. Default false.
   */
  bulk?: boolean;
  /** called when bulk mode starts rebuilding indexes (for progress output) */
  onIndexRebuild?: (name: string) => void;
  /** called as bulk mode starts its closing steps (the rollups, the statistics), for progress output */
  onPhase?: (step: string) => void;
  /** generator threads (chunk-source.ts); 0, the default, generates in this thread */
  workers?: number;
  /** checked between chunks: when it returns true the load stops early (indexes are still restored) */
  shouldStop?: () => boolean;
}

export interface SeedOrganizationResult {
  organizationId: string;
  merchantIds: string[];
  summaries: number;
  cycles: number;
  events: number;
}

export async function seedOrganization(database: Database, options: SeedOrganizationOptions): Promise<SeedOrganizationResult> {
  const { seed, organizationId, summaries: total } = options;
  const anchorMs = toAnchorMs(options.anchor);
  const setupMs = anchorMs - (historyDays + 30) * MS_PER_DAY;
  await insertProviders(database);
  await insertOrganization(database, {
    id: organizationId,
    name: options.organizationName,
    taxId: cnpj(new Rng(hash128(`organization|${organizationId}`))),
    createdAtMs: setupMs,
  });
  let merchants: MerchantRecord[] = options.merchants === undefined ? await existingMerchants(database, organizationId) : [];
  if (merchants.length === 0) {
    merchants = createMerchants(seed, organizationId, options.merchants ?? 6, setupMs);
    await insertMerchants(database, organizationId, merchants, setupMs);
  }
  const ctx = generatorContext(seed, organizationId, anchorMs, merchants.map(merchantProfile));
  const start = options.startIndex ?? 0;
  if (total > 0) await refuseCollisions(database, [generateSale(ctx, start).summary.id, generateSale(ctx, start + total - 1).summary.id]);
  const result = { organizationId, merchantIds: merchants.map((m) => m.id), summaries: 0, cycles: 0, events: 0 };
  options.onProgress?.(0, total, 0);
  await ensureMonthsOf(database, anchorMs - historyDays * MS_PER_DAY, anchorMs);
  const dropped = options.bulk ? await dropSecondaryIndexes(database, { keys: await loadedTablesEmpty(database) }) : null;
  const loader = await openChunkLoader(database, { skipForeignKeyChecks: options.bulk === true });
  const spec: ChunkSpec = { seed, organizationId, anchorMs, merchants, start, count: total, chunkSize: options.chunkSize ?? 5000, staged: loader.staged };
  try {
    // generate chunk n+1 while chunk n is being written (a real overlap with PostgreSQL in its own process)
    let pending: Promise<void> | null = null;
    for await (const item of chunkWrites(loader, spec, options.workers ?? 0)) {
      if (pending) await pending;
      if (options.shouldStop?.()) break;
      pending = item.write().then(() => {
        result.summaries += item.counts.summaries;
        result.cycles += item.counts.cycles;
        result.events += item.counts.events;
        options.onProgress?.(result.summaries, total, result.summaries + result.cycles + result.events);
      });
      pending.catch(() => undefined);
    }
    if (pending) await pending;
  } finally {
    if (options.bulk) options.onPhase?.('adding the loaded summaries to the stats rollups');
    await loader.close();
    await dropped?.restore(options.onIndexRebuild, options.onPhase);
  }
  return result;
}

/** The chunks to write: COPY text from `workers` generator threads or this one, or rows for the unnest() loader. */
async function* chunkWrites(loader: ChunkLoader, spec: ChunkSpec, workers: number): AsyncGenerator<{ counts: ChunkTexts['counts']; write: () => Promise<void> }> {
  const insertTexts = loader.insertTexts;
  if (insertTexts) {
    for await (const texts of workers > 0 ? workerChunks(spec, workers) : chunksOf(spec)) yield { counts: texts.counts, write: () => insertTexts(texts) };
    return;
  }
  const ctx = generatorContext(spec.seed, spec.organizationId, spec.anchorMs, spec.merchants.map(merchantProfile));
  for (const chunk of generateChunks(ctx, spec.start, spec.count, spec.chunkSize)) {
    yield { counts: { summaries: chunk.summaries.length, cycles: chunk.cycles.length, events: chunk.events.length }, write: () => loader.insert(spec.organizationId, chunk) };
  }
}

/** On monthly partitions (npm run partition), the months of the generated rows exist before they are loaded. */
async function ensureMonthsOf(database: Database, fromMs: number, toMs: number): Promise<void> {
  if (database.kind !== 'postgres') return;
  const session = await openSession(database, { long: true });
  try {
    if (await isPartitioned(session)) await ensureMonths(session, monthRange(monthOf(fromMs), monthOf(toMs)));
  } finally {
    await session.release();
  }
}

async function loadedTablesEmpty(database: Database): Promise<boolean> {
  const [row] = await database.query<{ empty: boolean }>(
    'SELECT NOT EXISTS (SELECT 1 FROM transaction_summaries) AND NOT EXISTS (SELECT 1 FROM cycles) AND NOT EXISTS (SELECT 1 FROM events) AS empty',
  );
  return row?.empty === true;
}

async function refuseCollisions(database: Database, ids: string[]): Promise<void> {
  const rows = await database.query<{ id: string }>('SELECT id FROM transaction_summaries WHERE id = ANY($1::text[])', [ids]);
  if (rows.length > 0) {
    throw new Error(
      `summaries of this seed are already loaded (id ${rows[0]?.id}): use another --seed, or start after the loaded ones`,
    );
  }
}
