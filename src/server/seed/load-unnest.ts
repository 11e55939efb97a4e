import type { Database } from '../db/client.ts';
import { cycleColumns, eventColumns, summaryColumns, type Column } from './columns.ts';
import type { GeneratedChunk } from './rows.ts';

/**
 * Portable bulk insert: one statement per chunk (so it is atomic on PGlite and on a pg pool alike), each
 * table fed by unnest() over one array parameter per column. Parents and children in one statement is
 * fine for the foreign keys: they are checked at the end of the statement.
 */
function insertPart<R>(table: string, columns: Column<R>[], params: unknown[], rows: R[], organizationId: string): string {
  const exprs: string[] = [];
  const names: string[] = [];
  for (const column of columns) {
    if (column.name === 'organization_id') {
      params.push(organizationId);
      exprs.push(`$${params.length}::text`);
      continue;
    }
    params.push(rows.map((r) => column.get(r, organizationId)));
    const alias = `c${names.length}`;
    names.push(`$${params.length}::${column.type === 'double precision' ? 'float8' : column.type}[]`);
    exprs.push(`u.${alias}`);
  }
  const aliases = names.map((_n, i) => `c${i}`).join(', ');
  return `INSERT INTO ${table} (${columns.map((c) => c.name).join(', ')}) SELECT ${exprs.join(', ')} FROM unnest(${names.join(', ')}) AS u(${aliases})`;
}

export async function insertChunkUnnest(database: Database, organizationId: string, chunk: GeneratedChunk): Promise<void> {
  const params: unknown[] = [];
  const parts = [
    insertPart('transaction_summaries', summaryColumns, params, chunk.summaries, organizationId),
    insertPart('cycles', cycleColumns, params, chunk.cycles, organizationId),
    insertPart('events', eventColumns, params, chunk.events, organizationId),
  ];
  await database.query(`WITH s AS (${parts[0]}), c AS (${parts[1]}) ${parts[2]}`, params);
}
