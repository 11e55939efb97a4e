import { encodeXid } from '../../lib/xid.ts';

/**
 * Monthly partitions (UTC months) of the list tables, PostgreSQL only (see partition-cli.ts):
 * - transaction_summaries by RANGE (id): an id is an XID whose first 4 bytes are its creation second (the seed
 *   and the worker mint it from the summary's created_at), and XIDs sort bytewise by that second, so the month
 *   of the id is the month of created_at. The primary key stays (id) and stays global.
 * - cycles by RANGE (summary_id): a cycle lives in its summary's month, so retention takes both together and the
 *   foreign key from cycles to summaries still holds.
 * - events by RANGE (created_at_ns), the notification's createdAt in epoch nanoseconds.
 * Each table also has a DEFAULT partition for rows outside every month (an id that is not an XID, a notification
 * dated before the oldest month).
 */
export type PartitionedTable = 'transaction_summaries' | 'cycles' | 'events';

export const partitionedTables: readonly PartitionedTable[] = ['transaction_summaries', 'cycles', 'events'];

export interface Month {
  year: number;
  /** 1..12 */
  month: number;
}

export const monthStartMs = ({ year, month }: Month): number => Date.UTC(year, month - 1, 1);

export function monthOf(ms: number): Month {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addMonths({ year, month }: Month, n: number): Month {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const compareMonths = (a: Month, b: Month): number => a.year * 12 + a.month - (b.year * 12 + b.month);

/** Every month from `from` to `to`, both included. */
export function monthRange(from: Month, to: Month): Month[] {
  const months: Month[] = [];
  for (let m = from; compareMonths(m, to) <= 0; m = addMonths(m, 1)) months.push(m);
  return months;
}

export const monthLabel = ({ year, month }: Month): string => `${year}-${String(month).padStart(2, '0')}`;

/** "2026-11" → { year: 2026, month: 11 }, or null. */
export function parseMonth(text: string): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** The partition of a table for a month: transaction_summaries_2026_11. */
export const partitionName = (table: PartitionedTable, { year, month }: Month): string => `${table}_${year}_${String(month).padStart(2, '0')}`;

export const defaultPartitionName = (table: PartitionedTable): string => `${table}_default`;

/** The month a partition name stands for, or null for the default partition and other tables. */
export function monthOfPartition(table: PartitionedTable, name: string): Month | null {
  const match = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`).exec(name);
  return match ? parseMonth(`${match[1]}-${match[2]}`) : null;
}

/** The smallest XID of a second: that second, then zero bytes. */
export function xidFloor(ms: number): string {
  const bytes = new Uint8Array(12);
  new DataView(bytes.buffer).setUint32(0, Math.floor(ms / 1000) >>> 0);
  return encodeXid(bytes);
}

/** The partition key column of each table. */
export const partitionKey: Record<PartitionedTable, string> = { transaction_summaries: 'id', cycles: 'summary_id', events: 'created_at_ns' };

/** The first value of a month in a table's partition key, as an SQL literal. */
export function monthBound(table: PartitionedTable, month: Month): string {
  const ms = monthStartMs(month);
  return table === 'events' ? (BigInt(ms) * 1_000_000n).toString() : `'${xidFloor(ms)}'`;
}

/** `FOR VALUES FROM (...) TO (...)` of a month's partition. */
export const monthValues = (table: PartitionedTable, month: Month): string =>
  `FOR VALUES FROM (${monthBound(table, month)}) TO (${monthBound(table, addMonths(month, 1))})`;
