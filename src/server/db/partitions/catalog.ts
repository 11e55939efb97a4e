import { monthOfPartition, partitionedTables, type Month, type PartitionedTable } from './months.ts';

/** What the partition code runs SQL through: a Database, or a Session holding one connection. */
export interface Sql {
  exec(sqlText: string): Promise<void>;
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
}

/** A name as an SQL identifier. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export interface TableState {
  table: PartitionedTable;
  /** 'p' partitioned, 'r' an ordinary table, null missing */
  kind: 'p' | 'r' | null;
  /** attached month partitions, oldest first */
  months: Month[];
  hasDefault: boolean;
}

/** How each list table stands: partitioned or not, and its attached months. */
export async function tableStates(db: Sql): Promise<Record<PartitionedTable, TableState>> {
  const kinds = await db.query<{ name: string; kind: string }>(
    `select relname as name, relkind::text as kind from pg_class where relnamespace = current_schema()::regnamespace and relname = any($1::text[])`,
    [partitionedTables],
  );
  const children = await db.query<{ parent: string; child: string; is_default: boolean }>(
    `select p.relname as parent, c.relname as child, pg_get_expr(c.relpartbound, c.oid) = 'DEFAULT' as is_default
       from pg_inherits i join pg_class p on p.oid = i.inhparent join pg_class c on c.oid = i.inhrelid
      where p.relnamespace = current_schema()::regnamespace and p.relname = any($1::text[])`,
    [partitionedTables],
  );
  const states = {} as Record<PartitionedTable, TableState>;
  for (const table of partitionedTables) {
    const kind = kinds.find((k) => k.name === table)?.kind;
    const mine = children.filter((c) => c.parent === table);
    const months = mine.map((c) => monthOfPartition(table, c.child)).filter((m): m is Month => m !== null);
    months.sort((a, b) => a.year * 12 + a.month - (b.year * 12 + b.month));
    states[table] = { table, kind: kind === 'p' || kind === 'r' ? kind : null, months, hasDefault: mine.some((c) => c.is_default) };
  }
  return states;
}

/** True when summaries, cycles and events are all partitioned (see partition-cli.ts). */
export async function isPartitioned(db: Sql): Promise<boolean> {
  const states = await tableStates(db);
  return partitionedTables.every((t) => states[t].kind === 'p');
}

export interface IndexDef {
  name: string;
  definition: string;
}

/** Secondary indexes of a table (the ones no constraint owns), from PostgreSQL's own definitions. */
export function secondaryIndexes(db: Sql, table: string): Promise<IndexDef[]> {
  return db.query<IndexDef>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
       from pg_index x join pg_class i on i.oid = x.indexrelid
      where x.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
      order by i.relname`,
    [table],
  );
}

export interface ConstraintDef {
  name: string;
  kind: 'p' | 'f' | 'u' | 'c';
  definition: string;
  /** the referenced table of a foreign key */
  references: string | null;
}

/** Primary key, unique, check and foreign-key constraints of a table. */
export function constraintsOf(db: Sql, table: string): Promise<ConstraintDef[]> {
  return db.query<ConstraintDef>(
    `select conname as name, contype::text as kind, pg_get_constraintdef(oid) as definition, nullif(confrelid, 0)::regclass::text as references
       from pg_constraint where conrelid = $1::regclass and contype in ('p', 'f', 'u', 'c') and conparentid = 0 order by conname`,
    [table],
  );
}

/** Foreign keys that point at `table` from elsewhere: name, and the referencing table. */
export function referencingKeys(db: Sql, table: string): Promise<{ name: string; from: string }[]> {
  return db.query(`select conname as name, conrelid::regclass::text as "from" from pg_constraint where contype = 'f' and confrelid = $1::regclass and conparentid = 0`, [table]);
}

export interface TriggerDef {
  name: string;
  definition: string;
  /** O fires in origin sessions, A always, R in replica sessions only, D disabled */
  enabled: string;
}

/** The user triggers of a table (not the ones foreign keys make). */
export function triggersOf(db: Sql, table: string): Promise<TriggerDef[]> {
  return db.query<TriggerDef>(
    `select tgname as name, pg_get_triggerdef(oid) as definition, tgenabled::text as enabled from pg_trigger
      where tgrelid = $1::regclass and not tgisinternal and tgparentid = 0 order by tgname`,
    [table],
  );
}

/** Column names in table order (dropped ones left out). */
export async function columnsOf(db: Sql, table: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}
