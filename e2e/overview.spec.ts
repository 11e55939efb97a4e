import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signIn, signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot, screenshotDir } from './support/screenshots.ts';
import { rowsOf, tableName } from './transactions-helpers.ts';
import { brl } from './support/expected-text.ts';

/**
 * The Overview (issue 11): the landing page's numbers are the stats API's for the same range, and each opens the
 * transactions list with that filter; the totals strip above the list agrees with the list's X-Total-Count.
 * The browser runs in America/Sao_Paulo (playwright.config.ts).
 */
const zone = 'America/Sao_Paulo';
const auth = { authorization: `Bearer ${demoToken}` };

interface CountAmount {
  count: number;
  amount: string;
}
interface StatsBody {
  bucket: string;
  timeZone: string;
  totals: { count: number; amount: string; byStatus: Record<string, CountAmount>; approvalRate: number | null; averageTicket: string | null; captured: CountAmount; refunds: CountAmount; netAmount: string };
  previous: { totals: { count: number } } | null;
  series: { start: string }[];
  byAcquirer: { value: string; count: number }[];
}

/** The calendar day in São Paulo, `days` from today, as YYYY-MM-DD (written without the dashboard's code). */
function spDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

const money = (amount: string, locale = 'en-US') => brl(amount, locale);
const count = (n: number, locale = 'en-US') => new Intl.NumberFormat(locale).format(n);
const percent = (r: number, locale = 'en-US') => new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(r);
const norm = (text: string | null) => (text ?? '').replace(/\s/g, ' ').trim();

async function apiStats(page: Page, params: Record<string, string>): Promise<StatsBody> {
  const response = await page.request.get(`/v1/transactions/stats?${new URLSearchParams(params).toString()}`, { headers: auth });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as StatsBody;
}

async function apiTotal(page: Page, params: Record<string, string>): Promise<number> {
  const response = await page.request.get(`/v1/transactions/summaries?${new URLSearchParams({ ...params, limit: '1' }).toString()}`, { headers: auth });
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

test('sign-in lands on the Overview, whose numbers are the stats API’s for the last 7 days and open the filtered list', async ({ page }) => {
  test.setTimeout(90_000);
  const statsRequest = page.waitForRequest((r) => r.url().includes('/v1/transactions/stats'));
  await signIn(page);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('overview-time-zone')).toHaveText(`Times in ${zone}`);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('last7');

  // the page asked for the last 7 days of the operator's zone, by day, with the previous period
  const asked = new URL((await statsRequest).url()).searchParams;
  const range = `${spDay(-6)}T00:00:00-03:00..${spDay(1)}T00:00:00-03:00`;
  expect(Object.fromEntries(asked)).toEqual({ created_at: range, bucket: 'day', tz: zone, compare: 'previous_period' });

  const stats = await apiStats(page, { created_at: range, bucket: 'day', tz: zone, compare: 'previous_period' });
  expect(stats.totals.count).toBeGreaterThan(0);
  const { totals } = stats;
  await expect.poll(async () => norm(await page.getByTestId('tile-volume-value').textContent())).toBe(`Gross volume: ${money(totals.captured.amount)}`);
  expect(norm(await page.getByTestId('tile-count-value').textContent())).toBe(`Transactions: ${count(totals.count)}`);
  expect(norm(await page.getByTestId('tile-rate-value').textContent())).toBe(`Approval rate: ${percent(totals.approvalRate ?? 0)}`);
  expect(norm(await page.getByTestId('tile-average-value').textContent())).toBe(`Average ticket: ${money(totals.averageTicket ?? '')}`);
  expect(norm(await page.getByTestId('tile-refunds-value').textContent())).toBe(`Refunds: ${money(totals.refunds.amount)}`);
  // refunds are their own amounts, partial ones told apart from full ones
  await expect(page.getByTestId('refund-partial-count')).toHaveText(`${count(totals.byStatus.partially_refunded?.count ?? 0)} in part`);
  await expect(page.getByTestId('refund-net')).toHaveText(`Net ${money(totals.netAmount)}`);
  const approved = totals.byStatus.approved?.count ?? 0;
  await expect(page.getByTestId('approved-count')).toHaveText(`${count(approved)} approved`);
  await expect(page.getByTestId('denied-count')).toHaveText(`${count(totals.byStatus.denied?.count ?? 0)} denied`);

  // the chart is drawn, and its numbers are a table for screen readers (one row per bucket with sales)
  await expect(page.getByTestId('volume-chart').locator('canvas').first()).toBeVisible();
  // its readout shows the latest bucket's exact amount (decimal text, not the plotted float)
  const latest = (stats.series as unknown as { approvedAmount: string }[]).at(-1)?.approvedAmount ?? '';
  await expect.poll(async () => norm(await page.getByTestId('volume-chart').locator('.u-series').nth(1).locator('.u-value').textContent())).toBe(money(latest));
  await expect(page.getByTestId('series-table').locator('tbody tr')).toHaveCount(stats.series.length);
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByTestId('series-table')).toBeVisible();
  await page.getByRole('button', { name: 'Show as chart' }).click();

  // the breakdown by acquirer: each row's count is that acquirer's transactions in the range
  const acquirerRows = page.getByTestId('breakdown-acquirer').locator('tbody tr');
  await expect(acquirerRows).toHaveCount(stats.byAcquirer.length);
  await expectNoSeriousA11yViolations(page);

  // the approved count opens the list with status=approved over the same range, and the list's total agrees
  const listResponse = page.waitForResponse((r) => r.url().includes('/v1/transactions/summaries') && r.url().includes('status=approved'));
  await page.getByTestId('approved-count').click();
  await expect(page).toHaveURL(/\/transactions\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('status')).toBe('approved');
  expect(url.searchParams.get('created_at')).toBe(range);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('approved');
  await expect(page.getByLabel('Created', { exact: true })).toHaveValue('last7');
  const listTotal = Number((await listResponse).headers()['x-total-count']);
  expect(listTotal).toBe(approved);
  await expect(page.getByTestId('page-indicator')).toContainText(`${count(approved)} result`);
  await expect(rowsOf(page, tableName).first()).toBeVisible();

  // back on the Overview, an acquirer's count opens that acquirer's list
  await page.goBack();
  const first = stats.byAcquirer[0];
  expect(first).toBeDefined();
  const row = page.locator(`[data-testid="breakdown-acquirer"] tbody tr[data-value="${first?.value ?? ''}"]`);
  await expect(row.getByTestId('breakdown-count')).toHaveText(count(first?.count ?? 0));
  await row.getByTestId('breakdown-count').click();
  await expect(page).toHaveURL(new RegExp(`acquirer=${first?.value ?? ''}`));
  expect(await apiTotal(page, { acquirer: first?.value ?? '', created_at: range })).toBe(first?.count);
  await expect(page.getByTestId('page-indicator')).toContainText(`${count(first?.count ?? 0)} result`);
});

test('a range preset changes the numbers and the bucket; This week and Last month are offered', async ({ page }) => {
  await signInWithStorage(page, '/overview');
  const select = page.getByLabel('Period', { exact: true });
  await expect(select.locator('option')).toHaveText(['Today', 'Yesterday', 'This week', 'Last 7 days', 'Last 30 days', 'This month', 'Last month', 'Custom range…']);
  const today = page.waitForRequest((r) => r.url().includes('/v1/transactions/stats') && r.url().includes('bucket=hour'));
  await select.selectOption('today');
  const asked = new URL((await today).url()).searchParams;
  expect(asked.get('created_at')).toBe(`${spDay(0)}T00:00:00-03:00..${spDay(1)}T00:00:00-03:00`);
  await expect(page).toHaveURL(/created_at=/);
  const stats = await apiStats(page, Object.fromEntries(asked));
  if (stats.totals.count === 0) await expect(page.getByText('No sales in this period')).toBeVisible();
  else await expect.poll(async () => norm(await page.getByTestId('tile-count-value').textContent())).toBe(`Transactions: ${count(stats.totals.count)}`);
});

test('the totals strip above the list counts every matching transaction, per status, like X-Total-Count', async ({ page }) => {
  const filter = { payment_method: 'credit_card' };
  const listResponse = page.waitForResponse((r) => r.url().includes('/v1/transactions/summaries') && r.url().includes('payment_method=credit_card'));
  await signInWithStorage(page, `/transactions?${new URLSearchParams(filter).toString()}`);
  const total = Number((await listResponse).headers()['x-total-count']);
  expect(total).toBeGreaterThan(0);
  const all = page.getByTestId('totals-all');
  await expect(all).toHaveAttribute('data-count', String(total));
  await expect(all).toContainText(`${count(total)} transactions`);

  // each status chip is that status's total, and picking it filters the list
  const approved = await apiTotal(page, { ...filter, status: 'approved' });
  const chip = page.getByTestId('totals-approved');
  await expect(chip).toHaveAttribute('data-count', String(approved));
  const statusSum = await page.locator('[data-testid^="totals-"][data-count]:not([data-testid="totals-all"])').evaluateAll((els) => els.reduce((s, e) => s + Number(e.getAttribute('data-count')), 0));
  expect(statusSum).toBe(total);
  await chip.getByRole('button').click();
  await expect(page).toHaveURL(/status=approved/);
  await expect(page.getByTestId('totals-all')).toHaveAttribute('data-count', String(approved));
  await expect(page.getByTestId('page-indicator')).toContainText(`${count(approved)} result`);
});

for (const l of [
  { lang: 'en', locale: 'en-US', overview: 'Overview', transactions: 'Transactions' },
  { lang: 'pt-BR', locale: 'pt-BR', overview: 'Visão geral', transactions: 'Transações' },
] as const) {
  test.describe(`screenshots in ${l.lang}`, () => {
    test.use({ locale: l.locale });
    test(`Overview and the transactions totals strip in ${l.lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await signInWithStorage(page, '/overview');
      await expect(page.getByRole('heading', { level: 1, name: l.overview })).toBeVisible();
      const settle = async (p: Page) => {
        await expect(p.getByTestId('volume-chart').locator('canvas').first()).toBeVisible();
        await p.waitForTimeout(300); // the chart redraws on resize and on a colour-scheme change
      };
      await settle(page);
      await screenshot(page, `overview-${l.lang}`, settle);
      await page.getByRole('navigation').getByRole('link', { name: l.transactions }).click();
      await expect(page.getByTestId('totals-strip')).toBeVisible();
      await expect(rowsOf(page, l.transactions).first()).toBeVisible();
      await screenshot(page, `transactions-totals-${l.lang}`);
      // the first screen of a phone, where the strip sits above the filters
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(screenshotDir, `transactions-totals-${l.lang}-390-top.png`) });
    });
  });
}
