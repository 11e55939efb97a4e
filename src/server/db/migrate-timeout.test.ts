import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresAvailable } from '../test/harness.ts';
import { openDatabase } from './client.ts';

// A migration that rewrites a large table runs for longer than a request may wait for an answer
// (DB_QUERY_TIMEOUT_MS); the start must not give up on it half-way (and leave it running on the server).
describe.skipIf(!postgresAvailable)('migrations on PostgreSQL (skipped: no PostgreSQL answers at 127.0.0.1:5432)', () => {
  it('run without the pool statement-answer timeout, which still holds for requests', async () => {
    const target = await createPostgresDatabase();
    try {
      // 1 ms: every migration statement takes longer than that to answer
      const database = await openDatabase({ databaseUrl: target.url.toString(), queryTimeoutMs: 1 });
      try {
        // the pool's own statements keep the timeout: a slow one is given up on
        await expect(database.query('SELECT pg_sleep(0.2)')).rejects.toThrow(/timeout/i);
      } finally {
        await database.close();
      }
      // opened again with a sane timeout, every migration is there
      const again = await openDatabase({ databaseUrl: target.url.toString() });
      try {
        const [row] = await again.query<{ n: string }>('SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations');
        const journal = (await import('./migrations/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };
        expect(Number(row?.n)).toBe(journal.entries.length);
      } finally {
        await again.close();
      }
    } finally {
      await target.drop();
    }
  });
});
