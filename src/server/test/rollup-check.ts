import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { summaryRollup, summaryRollupDaily, summaryRollupStatus, transactionSummaries } from '../db/schema.ts';

/** count and minor-unit sum per rollup key, as sorted [key, "count amount"] pairs (keys that net to nothing left out) */
type Tally = [string, string][];

export interface Rollups {
  hourly: Tally;
  daily: Tally;
  status: Tally;
}

const HOUR = 3_600_000;

function tally(rows: { key: string; count: bigint; amount: bigint }[]): Tally {
  const totals = new Map<string, { count: bigint; amount: bigint }>();
  for (const { key, count, amount } of rows) {
    const t = totals.get(key) ?? { count: 0n, amount: 0n };
    totals.set(key, { count: t.count + count, amount: t.amount + amount });
  }
  return [...totals]
    .filter(([, t]) => t.count !== 0n || t.amount !== 0n)
    .map(([key, t]): [string, string] => [key, `${t.count} ${t.amount}`])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * The three stats rollups of an organization computed here from its summaries alone (UTC hours and days,
 * each summary under its merchant and under '*'), independently of the triggers and of the worker's deltas.
 */
export async function rollupsFromSummaries(database: Database, organizationId: string): Promise<Rollups> {
  const rows = await database.db.select().from(transactionSummaries).where(eq(transactionSummaries.organizationId, organizationId));
  const each = (key: (r: (typeof rows)[number], merchant: string) => string) =>
    tally(rows.flatMap((r) => [r.merchantId, '*'].map((merchant) => ({ key: key(r, merchant), count: 1n, amount: r.amountMinor }))));
  const hour = (r: (typeof rows)[number]) => new Date(Math.floor(r.createdAt.getTime() / HOUR) * HOUR).toISOString();
  const cube = (r: (typeof rows)[number]) => `${r.status}|${r.acquirer}|${r.paymentMethod}|${r.cardBrand ?? ''}`;
  return {
    hourly: each((r, m) => `${m}|${hour(r)}|${cube(r)}`),
    daily: each((r, m) => `${m}|${r.createdAt.toISOString().slice(0, 10)}|${cube(r)}`),
    status: each((r, m) => `${m}|${hour(r)}|${r.status}`),
  };
}

/** The rollups as stored (migration 0007's tables). */
export async function rollupsStored(database: Database, organizationId: string): Promise<Rollups> {
  const h = await database.db.select().from(summaryRollup).where(eq(summaryRollup.organizationId, organizationId));
  const d = await database.db.select().from(summaryRollupDaily).where(eq(summaryRollupDaily.organizationId, organizationId));
  const s = await database.db.select().from(summaryRollupStatus).where(eq(summaryRollupStatus.organizationId, organizationId));
  const cube = (r: { status: string; acquirer: string; paymentMethod: string; cardBrand: string }) => `${r.status}|${r.acquirer}|${r.paymentMethod}|${r.cardBrand}`;
  return {
    hourly: tally(h.map((r) => ({ key: `${r.merchantId}|${r.hour.toISOString()}|${cube(r)}`, count: r.count, amount: r.amountMinor }))),
    daily: tally(d.map((r) => ({ key: `${r.merchantId}|${r.day}|${cube(r)}`, count: r.count, amount: r.amountMinor }))),
    status: tally(s.map((r) => ({ key: `${r.merchantId}|${r.hour.toISOString()}|${r.status}`, count: r.count, amount: r.amountMinor }))),
  };
}
