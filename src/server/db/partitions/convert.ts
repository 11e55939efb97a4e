import { columnsOf, constraintsOf, ident, referencingKeys, secondaryIndexes, tableStates, triggersOf, type Sql, type TriggerDef } from './catalog.ts';
import { applyChanges, installCapture, removeCapture, rowKey } from './delta.ts';
import { createMonth, monthsToKeepReady } from './maintain.ts';
import { addMonths, compareMonths, defaultPartitionName, monthOf, partitionedTables, partitionKey, type Month, type PartitionedTable } from './months.ts';
import { uniqueEventIdSql } from './unique-event-id.ts';

export interface ConvertOptions {
  /** the months to create (every month that has rows, up to a few months ahead: see monthsToCover) */
  months: Month[];
  /** keep the ordinary tables, renamed `<table>_unpartitioned`, instead of dropping them after the swap */
  keepOld?: boolean;
  /** the swap waits this long for its locks before giving up (and is retried) */
  lockTimeoutMs?: number;
  log?: (line: string) => void;
  /** test hook: runs once the copies are built, before the changes made meanwhile are replayed */
  afterCopy?: () => Promise<void>;
}

/** How far back a conversion creates months by default: older rows go to the default partition. */
export const maxMonthsBack = 36;

/**
 * The months a conversion creates: from the oldest month with summaries or events (at most maxMonthsBack before
 * the current one, or `from`) through `ahead` months past the current one.
 */
export async function monthsToCover(db: Sql, now: number, ahead: number, from?: Month): Promise<Month[]> {
  const [row] = await db.query<{ ms: string | null }>(
    `select floor(extract(epoch from least((select min(created_at) from transaction_summaries), (select to_timestamp(min(created_at_ns) / 1e9) from events))) * 1000)::text as ms`,
  );
  const floor = addMonths(monthOf(now), -maxMonthsBack);
  const oldest = row?.ms ? monthOf(Number(row.ms)) : monthOf(now);
  return monthsToKeepReady(from ?? (compareMonths(oldest, floor) < 0 ? floor : oldest), now, ahead);
}

const copyOf = (table: string) => `${table}__p`;
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** A partitioned table's primary key must hold the partition key: (id) stays, the others gain it. */
function primaryKeyColumns(table: PartitionedTable, definition: string): string[] {
  const columns = /PRIMARY KEY \((.+)\)/.exec(definition)?.[1]?.split(',').map((c) => c.trim()) ?? [rowKey[table]];
  return columns.includes(partitionKey[table]) ? columns : [...columns, partitionKey[table]];
}

/** The partitioned copy of one table: months, default, rows, keys, indexes and foreign keys. */
async function buildCopy(db: Sql, table: PartitionedTable, months: Month[], log: (line: string) => void): Promise<void> {
  const copy = copyOf(table);
  const started = performance.now();
  await db.exec(`CREATE TABLE ${copy} (LIKE ${table} INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING STORAGE INCLUDING COMMENTS)
    PARTITION BY RANGE (${ident(partitionKey[table])})`);
  for (const month of months) await createMonth(db, table, month, copy);
  await db.exec(`CREATE TABLE ${defaultPartitionName(table)} PARTITION OF ${copy} DEFAULT`);
  await db.exec(`INSERT INTO ${copy} SELECT * FROM ONLY ${table}`);
  log(`${table}: rows copied into ${months.length} months and a default partition in ${seconds(started)}`);
  const constraints = await constraintsOf(db, table);
  for (const c of constraints.filter((k) => k.kind === 'p')) {
    await db.exec(`ALTER TABLE ${copy} ADD CONSTRAINT ${ident(`${c.name}__p`)} PRIMARY KEY (${primaryKeyColumns(table, c.definition).join(', ')})`);
  }
  for (const index of await secondaryIndexes(db, table)) {
    const rest = /^CREATE (UNIQUE )?INDEX \S+ ON (?:ONLY )?\S+ (USING .*)$/s.exec(index.definition);
    if (!rest) throw new Error(`cannot read the definition of index ${index.name}: ${index.definition}`);
    await db.exec(`CREATE ${rest[1] ?? ''}INDEX ${ident(`${index.name}__p`)} ON ${copy} ${rest[2]}`);
  }
  for (const c of constraints.filter((k) => k.kind !== 'p')) {
    // a foreign key between two converted tables points at the other's copy (cycles → transaction_summaries)
    const definition = c.definition.replace(/REFERENCES (?:\w+\.)?(transaction_summaries|cycles|events)\(/, (_m, name: string) => `REFERENCES ${copyOf(name)}(`);
    await db.exec(`ALTER TABLE ${copy} ADD CONSTRAINT ${ident(`${c.name}__p`)} ${definition}`);
  }
  log(`${table}: keys and indexes built, ${seconds(started)} in all`);
}

/** Renames a table's constraints and indexes from one suffix to another ('' = the plain name). */
async function renameObjects(db: Sql, table: string, from: string, to: string): Promise<void> {
  for (const c of await constraintsOf(db, table)) {
    if (c.name.endsWith(from)) await db.exec(`ALTER TABLE ${table} RENAME CONSTRAINT ${ident(c.name)} TO ${ident(c.name.slice(0, c.name.length - from.length) + to)}`);
  }
  for (const i of await secondaryIndexes(db, table)) {
    if (i.name.endsWith(from)) await db.exec(`ALTER INDEX ${ident(i.name)} RENAME TO ${ident(i.name.slice(0, i.name.length - from.length) + to)}`);
  }
}

/** In one transaction under the tables' locks: the last changes, a row-count check, then the new tables take the names. */
async function swap(db: Sql, columns: Record<PartitionedTable, string[]>, keepOld: boolean, lockTimeoutMs: number): Promise<number> {
  try {
    await db.exec(`BEGIN; SET LOCAL lock_timeout = ${lockTimeoutMs}; LOCK TABLE ${partitionedTables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
    const replayed = await applyChanges(db, columns);
    for (const table of partitionedTables) {
      const [counts] = await db.query<{ old: string; copy: string }>(`select (select count(*) from only ${table})::text as old, (select count(*) from ${copyOf(table)})::text as copy`);
      if (counts?.old !== counts?.copy) throw new Error(`${table}: ${counts?.copy} rows in the partitioned copy, ${counts?.old} in the table; nothing was swapped`);
    }
    const triggers: Partial<Record<PartitionedTable, TriggerDef[]>> = {};
    for (const table of partitionedTables) triggers[table] = (await triggersOf(db, table)).filter((t) => !t.name.startsWith('partition_'));
    await removeCapture(db, [], partitionedTables);
    for (const table of partitionedTables) {
      const old = `${table}_unpartitioned`;
      for (const t of triggers[table] ?? []) await db.exec(`DROP TRIGGER ${ident(t.name)} ON ${table}`);
      await db.exec(`ALTER TABLE ${table} RENAME TO ${old}`);
      await renameObjects(db, old, '', '_old');
    }
    for (const table of partitionedTables) {
      await db.exec(`ALTER TABLE ${copyOf(table)} RENAME TO ${table}`);
      await renameObjects(db, table, '__p', '');
      for (const t of triggers[table] ?? []) {
        await db.exec(t.definition);
        const state = { A: 'ENABLE ALWAYS', R: 'ENABLE REPLICA', D: 'DISABLE' }[t.enabled];
        if (state) await db.exec(`ALTER TABLE ${table} ${state} TRIGGER ${ident(t.name)}`);
      }
    }
    await db.exec(uniqueEventIdSql);
    if (!keepOld) await db.exec(`DROP TABLE ${[...partitionedTables].reverse().map((t) => `${t}_unpartitioned`).join(', ')}`);
    await db.exec('COMMIT');
    return replayed;
  } catch (error) {
    await db.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Converts summaries, cycles and events into monthly range-partitioned tables, online-ish: a trigger records the
 * rows written meanwhile, the partitioned copies are filled and indexed beside the live tables (reads and writes
 * go on), the recorded changes are replayed, and a short transaction under ACCESS EXCLUSIVE locks replays the
 * last ones, checks the row counts and swaps the names. Refuses a database that is partly converted.
 */
export async function convertToPartitions(db: Sql, options: ConvertOptions): Promise<'converted' | 'already'> {
  const log = options.log ?? (() => undefined);
  const states = await tableStates(db);
  if (partitionedTables.every((t) => states[t].kind === 'p')) return 'already';
  const wrong = partitionedTables.filter((t) => states[t].kind !== 'r');
  if (wrong.length > 0) throw new Error(`cannot convert: ${wrong.join(', ')} already partitioned or missing (the others are not)`);
  for (const table of partitionedTables) {
    const outside = (await referencingKeys(db, table)).filter((k) => !partitionedTables.includes(k.from as PartitionedTable));
    if (outside.length > 0) throw new Error(`cannot convert: ${outside.map((k) => `${k.from}.${k.name}`).join(', ')} references ${table}`);
  }
  await db.exec(`DROP TABLE IF EXISTS ${partitionedTables.map(copyOf).join(', ')} CASCADE`);
  await installCapture(db, partitionedTables);
  try {
    const columns = {} as Record<PartitionedTable, string[]>;
    for (const table of partitionedTables) columns[table] = await columnsOf(db, table);
    await db.exec("SET maintenance_work_mem = '1GB'");
    for (const table of partitionedTables) await buildCopy(db, table, options.months, log);
    await options.afterCopy?.();
    const caughtUp = await applyChangesInTransaction(db, columns);
    log(`replayed ${caughtUp} changes made during the copy`);
    const started = performance.now();
    const replayed = await swapWithRetries(db, columns, options, log);
    log(`swapped under lock in ${seconds(started)} (${replayed} more changes replayed)${options.keepOld ? '; the old tables are kept as <table>_unpartitioned (their indexes and constraints end in _old)' : ''}`);
  } catch (error) {
    await removeCapture(db, partitionedTables, partitionedTables).catch(() => undefined);
    await db.exec(`DROP TABLE IF EXISTS ${partitionedTables.map(copyOf).join(', ')} CASCADE`).catch(() => undefined);
    throw error;
  }
  await removeCapture(db, partitionedTables, []);
  await db.exec("RESET maintenance_work_mem");
  const started = performance.now();
  await db.exec(`ANALYZE ${partitionedTables.join(', ')}`);
  log(`analyzed in ${seconds(started)}`);
  return 'converted';
}

/** The swap, tried again after another catch-up pass when its locks are not granted in time (busy tables). */
async function swapWithRetries(db: Sql, columns: Record<PartitionedTable, string[]>, options: ConvertOptions, log: (line: string) => void): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await swap(db, columns, options.keepOld === true, options.lockTimeoutMs ?? 10_000);
    } catch (error) {
      // lock_not_available (the timeout), or deadlock_detected (a writer took the tables in another order)
      if (!['55P03', '40P01'].includes((error as { code?: string }).code ?? '') || attempt >= 5) throw error;
      log(`the tables are busy (lock not granted in ${options.lockTimeoutMs ?? 10_000} ms): catching up and trying again (${attempt} of 5)`);
      await applyChangesInTransaction(db, columns);
    }
  }
}

async function applyChangesInTransaction(db: Sql, columns: Record<PartitionedTable, string[]>): Promise<number> {
  await db.exec('BEGIN');
  try {
    const n = await applyChanges(db, columns);
    await db.exec('COMMIT');
    return n;
  } catch (error) {
    await db.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
