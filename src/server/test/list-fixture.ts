import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseLinkHeader, totalCountExactHeader, totalCountHeader } from '../../contract/headers.ts';
import { buildApp } from '../app.ts';
import { events, transactionSummaries } from '../db/schema.ts';
import type { ApiInstance } from '../lib/api-instance.ts';
import { seedOrganization } from '../seed/seed-organization.ts';
import { bearer, createTestDatabase, type BackendKind, type TestDatabase } from './harness.ts';

export const anchor = '2026-11-21T18:30:00.000Z';

/** A summary as stored (Drizzle's typed row), to compute what a list should answer. */
export type StoredSummary = typeof transactionSummaries.$inferSelect;
export type EventRecord = typeof events.$inferSelect;

export interface ListFixture extends TestDatabase {
  app: ApiInstance;
  orgA: { id: string; merchantIds: string[]; summaries: StoredSummary[]; events: EventRecord[] };
  orgB: { id: string; merchantIds: string[]; summaries: StoredSummary[]; events: EventRecord[] };
  tokens: { a: string; b: string; merchantA: string; noScope: string };
  close(): Promise<void>;
}

/** Two seeded organizations (A larger, B smaller) and their tokens, on one backend; countCap goes to buildApp. */
export async function createListFixture(kind: BackendKind, sizes = { a: 360, b: 120 }, countCap?: number): Promise<ListFixture> {
  const test = await createTestDatabase(kind);
  const { database } = test;
  const a = await seedOrganization(database, { seed: 11, summaries: sizes.a, organizationId: 'orgaaaaaaaaaaaaaaaaa', organizationName: 'Org A', merchants: 4, anchor });
  const b = await seedOrganization(database, { seed: 12, summaries: sizes.b, organizationId: 'orgbbbbbbbbbbbbbbbbb', organizationName: 'Org B', merchants: 2, anchor });
  const load = async (organizationId: string) => ({
    summaries: await database.db.select().from(transactionSummaries).where(eq(transactionSummaries.organizationId, organizationId)),
    events: await database.db.select().from(events).where(eq(events.organizationId, organizationId)),
  });
  const merchantA = a.merchantIds[0] ?? '';
  const tokens = {
    a: await bearer(database, a.organizationId),
    b: await bearer(database, b.organizationId),
    merchantA: await bearer(database, a.organizationId, { merchantId: merchantA }),
    noScope: await bearer(database, a.organizationId, { scopes: [] }),
  };
  const app = await buildApp({ database, webRoot: null, ...(countCap === undefined ? {} : { countCap }) });
  return {
    ...test,
    app,
    orgA: { id: a.organizationId, merchantIds: a.merchantIds, ...(await load(a.organizationId)) },
    orgB: { id: b.organizationId, merchantIds: b.merchantIds, ...(await load(b.organizationId)) },
    tokens,
    close: async () => {
      await app.close();
      await test.dispose();
    },
  };
}

export interface Walked<T> {
  items: T[];
  total: number;
  pages: number;
}

/** Follows rel="next" from page 1 to the end, checking X-Total-Count and the Link header on every page. */
export async function walk<T>(app: ApiInstance, auth: string, path: string, params: Record<string, string>, limit = 100): Promise<Walked<T>> {
  const search = new URLSearchParams({ ...params, limit: String(limit) });
  let url: string | undefined = `${path}?${search.toString()}`;
  const items: T[] = [];
  let total = -1;
  let pages = 0;
  while (url) {
    const res = await app.inject({ url, headers: { authorization: auth } });
    expect(res.statusCode, res.body).toBe(200);
    const count = Number(res.headers[totalCountHeader]);
    expect(res.headers[totalCountExactHeader]).toBe('true');
    if (total === -1) total = count;
    expect(count).toBe(total);
    const page: T[] = res.json();
    pages += 1;
    items.push(...page);
    const links = parseLinkHeader(String(res.headers.link));
    expect(links.first).toContain('page=1');
    for (const [key, value] of Object.entries(params)) expect(new URL(links.first ?? '', 'http://x').searchParams.get(key)).toBe(value);
    // prev and next are keyset cursors (lists/keyset.ts) on the lists that have them, page numbers elsewhere
    if (pages > 1) expect(links.prev).toMatch(new RegExp(`cursor=|page=${pages - 1}`));
    else expect(links.prev).toBeUndefined();
    const hasMore = pages * limit < total;
    if (hasMore) expect(links.next).toMatch(new RegExp(`cursor=|page=${pages + 1}`));
    else expect(links.next).toBeUndefined();
    url = links.next;
    expect(pages).toBeLessThan(1000);
  }
  expect(items.length).toBe(total);
  return { items, total, pages };
}

/** Ascending comparison matching PostgreSQL: bytewise text (COLLATE "C"), NULLs after every value. */
export function compareValues(a: string | number | bigint | null, b: string | number | bigint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts with a key and an id tie-breaker, both in the given direction (NULLs last asc, first desc). */
export function sortRows<T>(rows: T[], key: (row: T) => string | number | bigint | null, id: (row: T) => string, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((x, y) => sign * (compareValues(key(x), key(y)) || compareValues(id(x), id(y))));
}
