import { eq, type Column } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { summaryRollup, summaryRollupDaily, summaryRollupStatus, transactionSummaries } from '../db/schema.ts';

/**
 * count and minor-unit sums per rollup key, as sorted [key, "count amount captured refunded"] pairs (keys that net
 * to nothing left out)
 */
type Tally = [string, string][];

export interface Rollups {
  hourly: Tally;
  daily: Tally;
  status: Tally;
}

const HOUR = 3_600_000;

/** every organization's rows, or one's */
const ofOrganization = (column: Column, organizationId: string | undefined) => (organizationId === undefined ? undefined : eq(column, organizationId));

interface Sums {
  count: bigint;
  amount: bigint;
  captured: bigint;
  refunded: bigint;
}

function tally(rows: ({ key: string } & Sums)[]): Tally {
  const totals = new Map<string, Sums>();
  for (const { key, ...add } of rows) {
    const t = totals.get(key) ?? { count: 0n, amount: 0n, captured: 0n, refunded: 0n };
    totals.set(key, { count: t.count + add.count, amount: t.amount + add.amount, captured: t.captured + add.captured, refunded: t.refunded + add.refunded });
  }
  return [...totals]
    .filter(([, t]) => t.count !== 0n || t.amount !== 0n || t.captured !== 0n || t.refunded !== 0n)
    .map(([key, t]): [string, string] => [key, `${t.count} ${t.amount} ${t.captured} ${t.refunded}`])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * The three stats rollups computed here from the summaries alone (UTC hours and days, each summary under its
 * merchant and under '*'), independently of the triggers, the worker's deltas and db/rollups.ts: what the rollups
 * must hold after live processing, a bulk load or a partition retention. Every organization's, or one's.
 * Compare with `expect(await rollupsStored(db, org)).toEqual(await rollupsFromSummaries(db, org))`: a failure
 * shows the differing keys.
 */
export async function rollupsFromSummaries(database: Pick<Database, 'db'>, organizationId?: string): Promise<Rollups> {
  const s = transactionSummaries;
  const rows = await database.db
    .select({ org: s.organizationId, merchantId: s.merchantId, createdAt: s.createdAt, status: s.status, acquirer: s.acquirer, paymentMethod: s.paymentMethod, cardBrand: s.cardBrand, amountMinor: s.amountMinor, capturedMinor: s.capturedMinor, refundedMinor: s.refundedMinor })
    .from(s)
    .where(ofOrganization(s.organizationId, organizationId));
  type Row = (typeof rows)[number];
  const each = (key: (r: Row) => string) =>
    tally(rows.flatMap((r) => [r.merchantId, '*'].map((merchant) => ({ key: `${r.org}|${merchant}|${key(r)}`, count: 1n, amount: r.amountMinor, captured: r.capturedMinor, refunded: r.refundedMinor }))));
  const hour = (r: Row) => new Date(Math.floor(r.createdAt.getTime() / HOUR) * HOUR).toISOString();
  const cube = (r: Row) => `${r.status}|${r.acquirer}|${r.paymentMethod}|${r.cardBrand ?? ''}`;
  return {
    hourly: each((r) => `${hour(r)}|${cube(r)}`),
    daily: each((r) => `${r.createdAt.toISOString().slice(0, 10)}|${cube(r)}`),
    status: each((r) => `${hour(r)}|${r.status}`),
  };
}

/** The rollups as stored (migration 0007's tables): every organization's, or one's. */
export async function rollupsStored(database: Pick<Database, 'db'>, organizationId?: string): Promise<Rollups> {
  const h = await database.db.select().from(summaryRollup).where(ofOrganization(summaryRollup.organizationId, organizationId));
  const d = await database.db.select().from(summaryRollupDaily).where(ofOrganization(summaryRollupDaily.organizationId, organizationId));
  const s = await database.db.select().from(summaryRollupStatus).where(ofOrganization(summaryRollupStatus.organizationId, organizationId));
  const cube = (r: { status: string; acquirer: string; paymentMethod: string; cardBrand: string }) => `${r.status}|${r.acquirer}|${r.paymentMethod}|${r.cardBrand}`;
  const key = (r: { organizationId: string; merchantId: string }, rest: string) => `${r.organizationId}|${r.merchantId}|${rest}`;
  return {
    hourly: tally(h.map((r) => ({ key: key(r, `${r.hour.toISOString()}|${cube(r)}`), count: r.count, amount: r.amountMinor, captured: r.capturedMinor, refunded: r.refundedMinor }))),
    daily: tally(d.map((r) => ({ key: key(r, `${r.day}|${cube(r)}`), count: r.count, amount: r.amountMinor, captured: r.capturedMinor, refunded: r.refundedMinor }))),
    status: tally(s.map((r) => ({ key: key(r, `${r.hour.toISOString()}|${r.status}`), count: r.count, amount: r.amountMinor, captured: r.capturedMinor, refunded: r.refundedMinor }))),
  };
}
