import { expect, type Locator, type Page } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';

export const tableName = 'Transactions';

export async function openTransactions(page: Page, query = ''): Promise<void> {
  await signInWithStorage(page, `/transactions${query}`);
  await expect(rowsOf(page, tableName).first()).toBeVisible();
}

export function rowsOf(page: Page, name: string): Locator {
  return page.locator(`table[aria-label="${name}"] > tbody > tr[data-row-id]`);
}

/** The raw values (data-value) of one column for the rows on screen, once the table is not refreshing. */
export async function columnValues(page: Page, column: string, name = tableName): Promise<string[]> {
  const table = page.locator(`table[aria-label="${name}"]`);
  if ((await table.getAttribute('aria-busy')) === 'true') return ['<busy>'];
  return rowsOf(page, name)
    .locator(`> td[data-column="${column}"]`)
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-value') ?? ''));
}

export async function rowIds(page: Page, name = tableName): Promise<string[]> {
  return rowsOf(page, name).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-id') ?? ''));
}

/** Waits until the rows on screen are non-empty and every value of the column passes the check. */
export async function expectEveryRow(page: Page, column: string, check: (value: string) => boolean, name = tableName): Promise<string[]> {
  let seen: string[] = [];
  await expect
    .poll(async () => {
      seen = await columnValues(page, column, name);
      return seen.length > 0 && !seen.includes('<busy>') && seen.every(check);
    })
    .toBe(true);
  return seen;
}

export function isOrdered<T>(values: T[], direction: 'asc' | 'desc', compare: (a: T, b: T) => number): boolean {
  return values.every((v, i) => i === 0 || (direction === 'asc' ? compare(values[i - 1] as T, v) <= 0 : compare(values[i - 1] as T, v) >= 0));
}

export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Decimal text with two fraction digits compared exactly, as integers of cents. */
export const compareAmount = (a: string, b: string) => {
  const d = BigInt(a.replace('.', '')) - BigInt(b.replace('.', ''));
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const cents = (a: string) => BigInt(a.replace('.', ''));

/**
 * An acquirer with sales of `status` in this run's data, the most common first (GET /v1/transactions/stats). The seeded
 * merchants' acquirers change with the minute of seeding, and any one acquirer is missing from about one data set in
 * eleven: a test that needs rows of an acquirer asks which one has them.
 */
export async function acquirerWithSales(page: Page, status = 'approved'): Promise<string> {
  const stats = await page.request.get(`/v1/transactions/stats?status=${status}`, { headers: { authorization: `Bearer ${demoToken}` } });
  const acquirer = ((await stats.json()) as { byAcquirer: { value: string }[] }).byAcquirer[0]?.value ?? '';
  expect(acquirer, 'the data has sales of some acquirer').not.toBe('');
  return acquirer;
}
