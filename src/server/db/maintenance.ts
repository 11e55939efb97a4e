import type { Database } from './client.ts';

const listTables = ['transaction_summaries', 'cycles', 'events'];

/**
 * Index-only scans (the lists' capped counts and deferred-join pages) skip the table only for pages the
 * visibility map marks all-visible, and only VACUUM sets it. PostgreSQL's autovacuum gets there eventually;
 * PGlite has no autovacuum at all, so after a bulk load (the seed CLI analyzes but does not vacuum) every
 * index entry would cost a table visit. This vacuums each list table with 1 000+ pages of which under half
 * are all-visible, once: afterwards relallvisible stays near relpages. On monthly partitions (PostgreSQL, npm run
 * partition) each month's table counts on its own. Returns the tables it vacuumed.
 */
export async function vacuumIfNeeded(database: Pick<Database, 'query' | 'exec'>, log: (line: string) => void = () => undefined): Promise<string[]> {
  const rows = await database.query<{ name: string; pages: number; visible: number }>(
    `select c.relname as name, c.relpages as pages, c.relallvisible as visible
       from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
        and (c.relname = any($1::text[]) or exists (select 1 from pg_inherits i join pg_class p on p.oid = i.inhparent where i.inhrelid = c.oid and p.relname = any($1::text[])))`,
    [listTables],
  );
  const stale = rows.filter((r) => Number(r.pages) >= 1000 && Number(r.visible) < Number(r.pages) / 2).map((r) => r.name);
  for (const name of stale) {
    const started = performance.now();
    await database.exec(`vacuum (analyze) ${name}`);
    log(`Vacuumed ${name} (visibility map for index-only scans) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return stale;
}
