import type { Database } from '../db/client.ts';
import { insertChunkUnnest } from './load-unnest.ts';
import type { GeneratedChunk } from './rows.ts';

/** Inserts one generated chunk atomically. */
export async function insertChunk(database: Database, organizationId: string, chunk: GeneratedChunk): Promise<void> {
  await insertChunkUnnest(database, organizationId, chunk);
}
