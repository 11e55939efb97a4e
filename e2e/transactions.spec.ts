import { expect, test } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { parseCreatedAtFilter, timestampToNs } from '../src/contract/filters.ts';
import {
  acquirerWithSales,
  cents,
  columnValues,
  compareAmount,
  compareText,
  expectEveryRow,
  isOrdered,
  openTransactions,
  rowIds,
  rowsOf,
  tableName,
} from './transactions-helpers.ts';

test.describe('transactions filters', () => {
  // the acquirer is one with sales in this run's data (acquirerWithSales)
  const selects = [
    { label: 'Status', option: 'Denied', param: 'status', value: 'denied' },
    { label: 'Acquirer', option: null, param: 'acquirer', value: "one acquirer's" },
    { label: 'Payment method', option: 'Pix', param: 'payment_method', value: 'pix' },
    { label: 'Card brand', option: 'Elo', param: 'card_brand', value: 'elo' },
  ];
  for (const s of selects) {
    test(`${s.label} shows only ${s.value} rows, and clears`, async ({ page }) => {
      await openTransactions(page);
      const value = s.option === null ? await acquirerWithSales(page) : s.value;
      await page.getByLabel(s.label, { exact: true }).selectOption(s.option === null ? { value } : { label: s.option });
      await expect(page).toHaveURL(new RegExp(`[?&]${s.param}=${value}(&|$)`));
      const column = s.param === 'payment_method' ? 'payment_method' : s.param;
      await expectEveryRow(page, column, (v) => v === value);
      if (value === 'pix') {
        // Pix rows never show card data.
        await expectEveryRow(page, 'card_first_digits', (v) => v === '');
        await expectEveryRow(page, 'card_last_digits', (v) => v === '');
      }
      await page.getByRole('button', { name: 'Clear all filters' }).click();
      await expect(page).not.toHaveURL(new RegExp(`${s.param}=`));
      await expect.poll(async () => new Set(await columnValues(page, column)).size).toBeGreaterThan(1);
    });
  }

  test('amount as an exact value', async ({ page }) => {
    await openTransactions(page);
    const [amount = ''] = await columnValues(page, 'amount');
    await page.getByLabel('Amount', { exact: true }).fill(amount);
    await page.getByLabel('Amount', { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`amount=${amount.replace('.', '\\.')}`));
    await expectEveryRow(page, 'amount', (v) => cents(v) === cents(amount));
  });

  test('amount as a range, open or closed', async ({ page }) => {
    await openTransactions(page);
    await page.getByLabel('Amount match').selectOption('range');
    await page.getByLabel('Amount from').fill('100');
    await page.getByLabel('Amount to').fill('250,50');
    await page.getByLabel('Amount to').press('Enter');
    await expect(page).toHaveURL(/amount=100\.\.250\.50/);
    await expectEveryRow(page, 'amount', (v) => cents(v) >= 10000n && cents(v) <= 25050n);
    await page.getByLabel('Amount to').fill('');
    await page.getByLabel('Amount to').press('Enter');
    await expect(page).toHaveURL(/amount=100\.\.(&|$)/);
    await expectEveryRow(page, 'amount', (v) => cents(v) >= 10000n);
  });

  test('created date preset and custom range, computed in the operator time zone', async ({ page }) => {
    await openTransactions(page);
    await page.getByLabel('Created', { exact: true }).selectOption({ label: 'Last 7 days' });
    await expect(page).toHaveURL(/created_at=\d{4}-\d{2}-\d{2}T00%3A00%3A00-03%3A00\.\./);
    const inRange = async () => {
      const value = new URL(page.url()).searchParams.get('created_at') ?? '';
      const range = parseCreatedAtFilter(value);
      expect(range).not.toBeNull();
      await expectEveryRow(page, 'created_at', (v) => {
        const ns = timestampToNs(v);
        return ns !== null && (range?.fromNs ?? 0n) <= ns && ns < (range?.toNs ?? 0n);
      });
    };
    await inRange();

    await page.getByLabel('Created', { exact: true }).selectOption({ label: 'Custom range…' });
    const from = page.getByLabel('Created from');
    const to = page.getByLabel('Created to (inclusive)');
    // a range relative to the data's anchor (its newest sale), never fixed dates: 40 to 10 days before it
    const newest = await page.request.get('/v1/transactions/summaries?limit=1', { headers: { authorization: `Bearer ${demoToken}` } });
    const [latest] = (await newest.json()) as { createdAt: string }[];
    const anchorMs = Date.parse(latest?.createdAt ?? '');
    expect(Number.isFinite(anchorMs)).toBe(true);
    const saoPauloDay = (daysBefore: number) => new Date(anchorMs - daysBefore * 86_400_000 - 3 * 3_600_000).toISOString().slice(0, 10);
    const [fromDay, toDay, dayAfter] = [saoPauloDay(40), saoPauloDay(10), saoPauloDay(9)];
    await from.fill(fromDay);
    await to.fill(toDay);
    await to.press('Enter');
    await expect(page).toHaveURL(new RegExp(`created_at=${fromDay}T00%3A00%3A00-03%3A00\\.\\.${dayAfter}T00%3A00%3A00-03%3A00`));
    await inRange();
  });

  test('BIN prefix and last digits', async ({ page }) => {
    await openTransactions(page, '?payment_method=credit_card');
    const [last = ''] = await columnValues(page, 'card_last_digits');
    await page.getByLabel('BIN prefix').fill('5');
    await page.getByLabel('BIN prefix').press('Enter');
    await expect(page).toHaveURL(/card_first_digits=5/);
    await expectEveryRow(page, 'card_first_digits', (v) => v.startsWith('5'));
    await page.getByRole('button', { name: 'Clear BIN prefix' }).click();
    await page.getByLabel('Last digits').fill(last);
    await page.getByLabel('Last digits').blur();
    await expect(page).toHaveURL(new RegExp(`card_last_digits=${last}`));
    await expectEveryRow(page, 'card_last_digits', (v) => v === last);
  });

  test('an invalid text filter is not applied and says why', async ({ page }) => {
    await openTransactions(page);
    await page.getByLabel('Last digits').fill('12');
    await page.getByLabel('Last digits').press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Exactly 4 digits' })).toBeVisible();
    await expect(page).not.toHaveURL(/card_last_digits/);
  });

  test('an invalid URL value is dropped with a notice naming it', async ({ page }) => {
    // a kept filter that always has rows (which acquirers the newest sales went through depends on the day)
    await openTransactions(page, '?status=bogus&payment_method=credit_card&limit=37');
    const notice = page.getByTestId('dropped-params');
    await expect(notice).toContainText('status=bogus');
    await expect(notice).toContainText('limit=37');
    await expect(page).toHaveURL(/\/transactions\?payment_method=credit_card$/);
    await expectEveryRow(page, 'payment_method', (v) => v === 'credit_card');
  });
});

test.describe('transactions sorting, paging and rows', () => {
  const sorts = [
    { header: 'Amount', column: 'amount', compare: compareAmount, first: 'desc' as const },
    { header: 'Acquirer', column: 'acquirer', compare: compareText, first: 'asc' as const },
    { header: 'Last 4', column: 'card_last_digits', compare: compareText, first: 'asc' as const },
    { header: 'Created', column: 'created_at', compare: compareText, first: 'asc' as const },
  ];
  for (const s of sorts) {
    test(`sorts by ${s.header} both ways`, async ({ page }) => {
      await openTransactions(page, s.column === 'card_last_digits' ? '?payment_method=debit_card' : '');
      const th = page.locator(`table[aria-label="${tableName}"] th[data-column="${s.column}"]`);
      for (const direction of [s.first, s.first === 'asc' ? 'desc' : 'asc'] as const) {
        await th.getByRole('button').click();
        await expect(th).toHaveAttribute('aria-sort', direction === 'asc' ? 'ascending' : 'descending');
        await expect.poll(async () => {
          const values = (await columnValues(page, s.column)).filter((v) => v !== '');
          return values.length > 5 && !values.includes('<busy>') && isOrdered(values, direction, s.compare);
        }).toBe(true);
      }
    });
  }

  test('sort headers are buttons operable by keyboard, with aria-sort on every sortable column', async ({ page }) => {
    await openTransactions(page);
    await expect(page.locator('th[aria-sort]')).toHaveCount(8);
    await expect(page.locator('th[data-column="created_at"]')).toHaveAttribute('aria-sort', 'descending');
    await page.locator('th[data-column="status"] button').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('th[data-column="status"]')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('th[data-column="created_at"]')).toHaveAttribute('aria-sort', 'none');
  });

  test('pages forward and back, and changes the page size', async ({ page }) => {
    await openTransactions(page);
    const indicator = page.getByTestId('page-indicator');
    await expect(indicator).toHaveText('Page 1 of 20 · 400 results');
    const first = await rowIds(page);
    expect(first).toHaveLength(20);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(indicator).toHaveText('Page 2 of 20 · 400 results');
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(async () => (await rowIds(page)).some((id) => first.includes(id))).toBe(false);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(indicator).toHaveText('Page 1 of 20 · 400 results');
    await expect.poll(() => rowIds(page)).toEqual(first);
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(indicator).toHaveText('Page 20 of 20 · 400 results');
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByLabel('Rows per page').selectOption('50');
    await expect(indicator).toHaveText('Page 1 of 8 · 400 results');
    await expect(rowsOf(page, tableName)).toHaveCount(50);
    await expect(page).toHaveURL(/limit=50/);
    await expect(page).not.toHaveURL(/page=/);
  });

  test('a row opens its transaction page with the cycles, by mouse and by keyboard', async ({ page }) => {
    // an approved card sale: it has an RRN and an NSU (the newest sale may be pix, which has neither)
    await openTransactions(page, '?status=approved&payment_method=credit_card');
    const row = rowsOf(page, tableName).first();
    const id = await row.getAttribute('data-row-id');
    await row.getByRole('link', { name: /^Open transaction / }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions/${id ?? ''}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction' })).toBeVisible();
    await expect(page.getByTestId('cycle').first()).toBeVisible();
    await expect(page.getByText('RRN').first()).toBeVisible();
    await expect(page.getByText('NSU').first()).toBeVisible();

    await page.goBack();
    const link = rowsOf(page, tableName).first().getByRole('link', { name: /^Open transaction / });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/transactions/${id ?? ''}$`));
    await expect(page.getByTestId('cycle').first()).toBeVisible();
  });

  test('a reload keeps the view: same URL, same rows', async ({ page }) => {
    await openTransactions(page, '?payment_method=credit_card&order_by=amount&order_direction=asc&page=2&limit=50');
    await expect(page.getByTestId('page-indicator')).toContainText('Page 2 of');
    const url = page.url();
    const before = await rowIds(page);
    await page.reload();
    await expect(rowsOf(page, tableName).first()).toBeVisible();
    expect(page.url()).toBe(url);
    await expect.poll(() => rowIds(page)).toEqual(before);
    await expect(page.getByLabel('Payment method')).toHaveValue('credit_card');
    await expect(page.locator('th[data-column="amount"]')).toHaveAttribute('aria-sort', 'ascending');
  });

  test('an empty result offers to clear the filters', async ({ page }) => {
    await signInWithStorage(page, '/transactions?amount=0.01');
    await expect(page.getByText('No transactions match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rowsOf(page, tableName).first()).toBeVisible();
    await expect(page).not.toHaveURL(/amount=/);
  });
});
