import { rollupDeltaSql } from '../rollups.ts';
import { constraintsOf, ident, tableStates, type Sql } from './catalog.ts';
import {
  addMonths,
  compareMonths,
  defaultPartitionName,
  monthBound,
  monthLabel,
  monthOf,
  monthRange,
  monthValues,
  partitionedTables,
  partitionKey,
  partitionName,
  type Month,
  type PartitionedTable,
} from './months.ts';

/** Months created ahead of the current one, so new rows never wait for a partition. */
export const defaultMonthsAhead = 3;

/** Creates one month's partition of `parent` (the table itself, or its partitioned copy during a conversion). */
export function createMonth(db: Sql, table: PartitionedTable, month: Month, parent: string = table): Promise<void> {
  return db.exec(`CREATE TABLE ${partitionName(table, month)} PARTITION OF ${parent} ${monthValues(table, month)}`);
}

const inMonth = (table: PartitionedTable, month: Month) =>
  `${ident(partitionKey[table])} >= ${monthBound(table, month)} AND ${ident(partitionKey[table])} < ${monthBound(table, addMonths(month, 1))}`;

/**
 * Creates the missing months of the three tables, each month in one transaction. Rows that waited in a default
 * partition for that month move into it (cycles out first, summaries back in first: the foreign key holds at every
 * statement). Moving goes straight between partitions, so the rollup triggers of transaction_summaries (they
 * fire for statements on the partitioned table) count nothing twice. Returns the months created.
 */
export async function ensureMonths(db: Sql, months: Month[]): Promise<Month[]> {
  const states = await tableStates(db);
  const created: Month[] = [];
  const childrenFirst: PartitionedTable[] = ['cycles', 'events', 'transaction_summaries'];
  for (const month of months) {
    const missing = childrenFirst.filter((t) => states[t].kind === 'p' && !states[t].months.some((m) => compareMonths(m, month) === 0));
    if (missing.length === 0) continue;
    const moving = missing.filter((t) => states[t].hasDefault);
    const statements = [
      "SET LOCAL lock_timeout = '5s'",
      ...moving.map(
        (t) => `CREATE TEMPORARY TABLE moving_${t} (LIKE ${t}) ON COMMIT DROP;
          WITH moved AS (DELETE FROM ${defaultPartitionName(t)} WHERE ${inMonth(t, month)} RETURNING *) INSERT INTO moving_${t} SELECT * FROM moved`,
      ),
      ...missing.map((t) => `CREATE TABLE ${partitionName(t, month)} PARTITION OF ${t} ${monthValues(t, month)}`),
      ...[...moving].reverse().map((t) => `INSERT INTO ${partitionName(t, month)} SELECT * FROM moving_${t}`),
    ];
    await db.exec(`BEGIN; ${statements.join(';\n')}; COMMIT`).catch(async (error: unknown) => {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw error;
    });
    created.push(month);
  }
  return created;
}

export interface RetentionResult {
  /** months detached now */
  detached: Month[];
  /** tables dropped (with `drop`) */
  dropped: string[];
}

/**
 * RETENTION_MONTHS: keeps the current month and the `keep` months before it; every older month partition of the
 * three tables is detached (a plain table again, to archive or drop; `drop` drops it). Per month, in one
 * transaction: its summaries are subtracted from the stats rollups (the partition locked against inserts first),
 * the cycles month is detached and loses its foreign key to summaries, then the summaries and events months.
 * Rows in the default partitions are not touched.
 */
export async function applyRetention(db: Sql, keep: number, now: number, drop = false): Promise<RetentionResult> {
  const oldestKept = addMonths(monthOf(now), -keep);
  const states = await tableStates(db);
  const old = new Map<string, Month>();
  for (const table of partitionedTables) for (const m of states[table].months) if (compareMonths(m, oldestKept) < 0) old.set(monthLabel(m), m);
  const result: RetentionResult = { detached: [], dropped: [] };
  for (const month of [...old.values()].sort(compareMonths)) {
    const has = (t: PartitionedTable) => states[t].months.some((m) => compareMonths(m, month) === 0);
    const summaries = partitionName('transaction_summaries', month);
    const cycles = partitionName('cycles', month);
    await db.exec("BEGIN; SET LOCAL lock_timeout = '5s'");
    try {
      if (has('transaction_summaries')) await db.exec(`LOCK TABLE ${summaries} IN SHARE MODE; ${rollupDeltaSql(summaries, -1)}`);
      if (has('cycles')) {
        await db.exec(`ALTER TABLE cycles DETACH PARTITION ${cycles}`);
        for (const c of await constraintsOf(db, cycles)) if (c.kind === 'f' && c.references?.includes('transaction_summaries')) await db.exec(`ALTER TABLE ${cycles} DROP CONSTRAINT ${ident(c.name)}`);
      }
      if (has('transaction_summaries')) await db.exec(`ALTER TABLE transaction_summaries DETACH PARTITION ${summaries}`);
      if (has('events')) await db.exec(`ALTER TABLE events DETACH PARTITION ${partitionName('events', month)}`);
      await db.exec('COMMIT');
    } catch (error) {
      await db.exec('ROLLBACK').catch(() => undefined);
      throw error;
    }
    result.detached.push(month);
    if (drop) {
      const tables = partitionedTables.filter(has).map((t) => partitionName(t, month));
      await db.exec(`DROP TABLE ${tables.join(', ')}`);
      result.dropped.push(...tables);
    }
  }
  return result;
}

/** The months a partitioned database should have: from `from` through `ahead` months past the current one. */
export const monthsToKeepReady = (from: Month, now: number, ahead = defaultMonthsAhead): Month[] => monthRange(from, addMonths(monthOf(now), ahead));

/**
 * Planner statistics of the partitions that changed: ANALYZE each month partition with more than a tenth of its
 * rows (and at least 1 000) written since its last analyze, or never analyzed. Autovacuum does the same when it is
 * on; it never analyzes the partitioned tables themselves (the CLI's maintain does). Returns the partitions.
 */
export async function analyzeChangedPartitions(db: Sql): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_inherits i on i.inhrelid = c.oid join pg_class p on p.oid = i.inhparent
       join pg_stat_user_tables s on s.relid = c.oid
      where p.relnamespace = current_schema()::regnamespace and p.relname = any($1::text[])
        and (s.n_mod_since_analyze > greatest(1000, c.reltuples / 10) or (s.last_analyze is null and s.last_autoanalyze is null and s.n_live_tup > 0))`,
    [partitionedTables],
  );
  for (const row of rows) await db.exec(`ANALYZE ${ident(row.name)}`);
  return rows.map((r) => r.name);
}
