import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { signInWithStorage } from './support/auth.ts';
import { screenshotDir } from './support/screenshots.ts';
import { acquirerWithSales, rowsOf } from './transactions-helpers.ts';

/**
 * Issue 11's list tools against the real server: the CSV export downloads exactly the filtered list with the
 * visible columns, the column layout survives a reload, saved views come back from the API and apply, and a
 * default view opens a bare list.
 */

// filters that always have rows in the e2e data (anchored at now)
const filter = 'payment_method=credit_card&status=approved';
const tableName = 'Transactions';
const csvRows = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false });

/** The header's columns in order; on the transactions and events lists the rows' disclosure ('expand') is always first. */
async function headerColumns(page: Page, name = tableName): Promise<string[]> {
  return page.locator(`table[aria-label="${name}"] > thead th`).evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column') ?? ''));
}

async function openList(page: Page, query: string): Promise<void> {
  await signInWithStorage(page, `/transactions${query}`);
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  await expect(page.getByTestId('list-toolbar')).toBeVisible();
}

const viewsPanel = (page: Page) => page.getByRole('dialog', { name: 'Saved views' });

/** Saves the list as it is under `name` through the views panel (left open). */
async function saveView(page: Page, name: string): Promise<void> {
  await page.getByTestId('views-button').click();
  await viewsPanel(page).getByPlaceholder('View name').fill(name);
  await viewsPanel(page).getByRole('button', { name: 'Save view' }).click();
  await expect(viewsPanel(page).locator(`[data-view-name="${name}"]`)).toBeVisible();
}

/** Opens the bare list (page loaded anew: the views come from the API) and applies the view `name` in one step. */
async function applyOnBareList(page: Page, name: string): Promise<void> {
  await page.goto('/transactions');
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  await page.getByTestId('views-button').click();
  await viewsPanel(page).locator(`[data-view-name="${name}"]`).getByRole('button', { name: new RegExp(`^${name}`) }).click();
}

/** A fresh browser profile starts with the default layout; each test cleans what it stored. */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-cleared')) {
      for (const key of Object.keys(localStorage)) if (key.startsWith('acq.columns') || key.startsWith('acq.defaultView')) localStorage.removeItem(key);
      sessionStorage.setItem('e2e-cleared', '1');
    }
  });
});

test('the CSV export holds the filtered rows in the list order with the visible columns in the visible order', async ({ page }) => {
  await openList(page, `?${filter}&order_by=amount&order_direction=asc`);
  // hide Installments and BIN, move ID to the front (keyboard: Alt+ArrowUp on its checkbox, then the arrow button)
  await page.getByTestId('columns-button').click();
  const chooser = page.getByRole('dialog', { name: 'Columns' });
  await chooser.getByRole('checkbox', { name: 'Installments' }).uncheck();
  await chooser.getByRole('checkbox', { name: 'BIN' }).uncheck();
  const idBox = chooser.getByRole('checkbox', { name: 'ID', exact: true });
  await idBox.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowUp');
  for (let i = 0; i < 5; i++) await chooser.getByRole('button', { name: 'Move ID up' }).click();
  await expect(chooser.getByRole('button', { name: 'Move ID up' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(chooser).toBeHidden();
  // the header record is the columns' labels as the list shows them (the API itself writes the ids)
  const expectedHeader = ['ID', 'Created', 'Amount', 'Status', 'Merchant', 'Acquirer', 'Method', 'Brand', 'Last 4'];
  await expect.poll(() => headerColumns(page)).toEqual(['expand', 'id', 'created_at', 'amount', 'status', 'merchant', 'acquirer', 'payment_method', 'card_brand', 'card_last_digits']);

  await page.getByTestId('export-button').click();
  const panel = page.getByRole('dialog', { name: 'Export CSV' });
  await panel.getByRole('radio', { name: /^CSV/ }).check();
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  expect(text.slice(0, text.indexOf('\r\n'))).toBe(expectedHeader.join(','));
  const [header, ...rows] = csvRows(text);
  expect(header).toEqual(expectedHeader);

  // the same filter through the API: the total and the first page's order
  const api = await page.request.get(`/v1/transactions/summaries?${filter}&order_by=amount&order_direction=asc&limit=100`);
  expect(api.status()).toBe(200);
  const total = Number(api.headers()['x-total-count']);
  expect(total).toBeGreaterThan(0);
  expect(rows).toHaveLength(total);
  const listed = ((await api.json()) as { id: string }[]).map((s) => s.id);
  expect(rows.slice(0, listed.length).map((r) => r[0])).toEqual(listed);
  await expect(page.getByRole('status').filter({ hasText: `(${total} rows)` })).toBeVisible();

  // the layout is kept on this browser
  await page.reload();
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  expect(await headerColumns(page)).toEqual(['expand', 'id', 'created_at', 'amount', 'status', 'merchant', 'acquirer', 'payment_method', 'card_brand', 'card_last_digits']);
  await page.getByTestId('columns-button').click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect.poll(() => headerColumns(page)).toEqual(['expand', 'created_at', 'amount', 'status', 'merchant', 'acquirer', 'payment_method', 'card_brand', 'card_first_digits', 'card_last_digits', 'installments', 'id']);
});

test('an export can be cancelled while it runs, and shows its progress', async ({ page }) => {
  await openList(page, `?${filter}`);
  await page.route('**/v1/transactions/summaries?*columns=*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => undefined);
  });
  await page.getByTestId('export-button').click();
  await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Download' }).click();
  const progress = page.getByTestId('export-progress');
  await expect(progress).toContainText('Exporting');
  await page.screenshot({ path: path.join(screenshotDir, 'list-tools-export-progress-1440-en.png') });
  await progress.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByText('Export cancelled.')).toBeVisible();
});

test('an export the server refuses shows its problem in the user language', async ({ page }) => {
  await openList(page, `?${filter}`);
  await page.route('**/v1/transactions/summaries?*columns=*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      headers: { 'retry-after': '5' },
      body: JSON.stringify({ type: 'https://errors.example/database-unavailable', title: 'Service Unavailable', status: 503, detail: 'The database is not answering.' }),
    }),
  );
  await page.getByTestId('export-button').click();
  await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Download' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The export failed' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Temporarily unavailable');
  await expect(alert).toContainText('Nothing was lost');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(alert).toBeHidden();
});

test('a saved view comes back after a reload, applies its filters, order and columns, and can be the default', async ({ page }) => {
  const name = `E2E approved by amount ${Date.now()}`;
  await openList(page, `?${filter}&order_by=amount&order_direction=desc`);
  await page.getByTestId('columns-button').click();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'Merchant' }).uncheck();
  await page.keyboard.press('Escape');
  await saveView(page, name);
  const views = viewsPanel(page);
  // the saved view's row has the focus (not the page body) and is announced: Escape still closes the panel
  await expect(views.locator(`[data-view-name="${name}"]`).getByRole('button', { name: new RegExp(`^${name}`) })).toBeFocused();
  await expect(views.getByText(`View “${name}” saved.`)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(views).toBeHidden();
  await expect(page.getByTestId('views-button')).toBeFocused();
  await expect(page.getByTestId('views-button')).toHaveText(new RegExp(`View: ${name}`));

  // a bare list after a reload: the view is listed (from the API) and applies in one step
  await applyOnBareList(page, name);
  await expect(page).toHaveURL(/payment_method=credit_card/);
  const url = new URL(page.url());
  expect(url.searchParams.get('status')).toBe('approved');
  expect(url.searchParams.get('order_by')).toBe('amount');
  await expect.poll(() => headerColumns(page)).not.toContain('merchant');

  // make it the default: a list opened without filters shows it
  await page.getByTestId('views-button').click();
  await views.getByRole('button', { name: `Make ${name} your default view` }).click();
  await page.keyboard.press('Escape');
  await page.goto('/transactions');
  await expect(page).toHaveURL(/status=approved/);
  await expect(page).toHaveURL(/order_by=amount/);
  await expect.poll(() => headerColumns(page)).not.toContain('merchant');
  // a URL with filters is left alone
  await page.goto('/transactions?status=denied');
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  expect(new URL(page.url()).searchParams.get('order_by')).toBeNull();

  // rename, then delete with a confirmation
  await page.getByTestId('views-button').click();
  await views.getByRole('button', { name: `Rename ${name}` }).click();
  await views.getByRole('textbox', { name: `New name for ${name}` }).fill(`${name} (renamed)`);
  await views.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(views.locator(`[data-view-name="${name} (renamed)"]`)).toBeVisible();
  await views.getByRole('button', { name: `Delete ${name} (renamed)` }).click();
  await expect(views.getByText(`Delete “${name} (renamed)” for everyone in the organization?`)).toBeVisible();
  await views.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(views.locator(`[data-view-name="${name} (renamed)"]`)).toHaveCount(0);
});

test('a saved view can be updated with the current filters: it keeps its id, and applying it brings the new filter back', async ({ page }) => {
  const { demoToken } = await import('./support/env.ts');
  const authorization = { authorization: `Bearer ${demoToken}` };
  const name = `E2E update ${Date.now()}`;
  const acquirer = await acquirerWithSales(page);
  await openList(page, `?acquirer=${acquirer}&status=approved`);
  await saveView(page, name);
  const views = viewsPanel(page);
  const row = views.locator(`[data-view-name="${name}"]`);
  const id = (await row.getAttribute('data-view-id')) ?? '';
  const update = views.getByRole('button', { name: `Update with current filters: ${name}` });
  await expect(update).toHaveCount(0); // the list shows this view: nothing to update
  await page.getByTestId('views-button').click();
  await expect(views).toBeHidden();

  // change a filter: the view no longer matches, and offers to take the list's filters (keyboard: Enter on the action)
  await page.getByLabel('Status', { exact: true }).selectOption('denied');
  await expect(page).toHaveURL(/status=denied/);
  await expect(page.getByTestId('views-button')).not.toHaveText(new RegExp(`View: ${name}`));
  await page.getByTestId('views-button').click();
  await update.focus();
  await page.keyboard.press('Enter');
  await expect(update).toHaveCount(0);
  await expect(row.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('views-button')).toHaveText(new RegExp(`View: ${name}`));
  const stored = await page.request.get(`/v1/views/${id}`, { headers: authorization });
  expect(((await stored.json()) as { filters: Record<string, string> }).filters).toEqual({ acquirer, status: 'denied' });

  // after a reload the list still is the (stored) view; on a bare list, applying the view brings the updated filter
  await page.reload();
  await expect(page.getByTestId('views-button')).toHaveText(new RegExp(`View: ${name}`));
  await applyOnBareList(page, name);
  await expect(page).toHaveURL(/status=denied/);
  expect(new URL(page.url()).searchParams.get('acquirer')).toBe(acquirer);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('denied');
  expect((await page.request.delete(`/v1/views/${id}`, { headers: authorization })).status()).toBe(204);
});

test('a token without views:write sees the views but no write actions', async ({ browser }) => {
  const { readerToken } = await import('./support/env.ts');
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithStorage(page, `/transactions?${filter}`, readerToken());
  await page.getByTestId('views-button').click();
  const views = page.getByRole('dialog', { name: 'Saved views' });
  await expect(views.getByText('Your access token cannot save views')).toBeVisible();
  await expect(views.getByRole('button', { name: 'Save view' })).toHaveCount(0);
  await expect(views.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await context.close();
});

test('the events list exports its visible columns too', async ({ page }) => {
  await signInWithStorage(page, '/events?event_status=processed');
  await expect(page.getByTestId('list-toolbar')).toBeVisible();
  await page.getByTestId('export-button').click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export CSV' }).getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^events-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = csvRows(await readFile((await download.path()) ?? '', 'utf8'));
  // one label per file column: the card column's three parts and the transaction column's two each have their own
  expect(header).toEqual(['Created', 'Status', 'Transaction type', 'Transaction status', 'Amount', 'Acquirer', 'Method', 'Merchant', 'Transaction id', 'Card brand', 'Card BIN', 'Card last 4']);
  const api = await page.request.get('/v1/events?event_status=processed&limit=1');
  expect(rows).toHaveLength(Number(api.headers()['x-total-count']));
  // the dashboard's file has words in the user's language (lang), the API's codes stay codes for scripts
  expect(rows.every((r) => r[1] === 'Processed')).toBe(true);
});

test.describe('in Portuguese', () => {
  test.use({ locale: 'pt-BR' });

  test('the Excel (Brasil) export starts with the BOM and the Portuguese labels, `;`-separated; the API still writes ids', async ({ page }) => {
    await signInWithStorage(page, `/transactions?${filter}`);
    await expect(rowsOf(page, 'Transações').first()).toBeVisible();
    await page.getByTestId('export-button').click();
    const panel = page.getByRole('dialog', { name: 'Exportar CSV' });
    await expect(panel.getByRole('radio', { name: /^Excel \(Brasil\)/ })).toBeChecked(); // the default in Portuguese
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Baixar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^transacoes-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.slice(0, text.indexOf('\r\n'))).toBe('\ufeffCriada em;Valor;Status;Estabelecimento;Credenciadora;Meio;Bandeira;BIN;Final;Parcelas;ID');
    const rows: string[][] = parse(text, { bom: true, delimiter: ';' });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).every((r) => /^-?\d+,\d{2}$/.test(r[1] ?? ''))).toBe(true); // amounts keep their comma decimals
    const api = await page.request.get(`/v1/transactions/summaries?${filter}&columns=created_at,amount&csv_dialect=excel-br`, { headers: { accept: 'text/csv' } });
    expect((await api.text()).split('\r\n')[0]).toBe('\ufeffcreated_at;amount');
  });
});

test('the connections list keeps its own column layout', async ({ page }) => {
  await signInWithStorage(page, '/credentials');
  const table = 'Acquirer connections';
  await expect(rowsOf(page, table).first()).toBeVisible();
  await expect(page.getByTestId('views-button')).toHaveCount(0);
  await expect(page.getByTestId('export-button')).toHaveCount(0);
  await page.getByTestId('columns-button').click();
  await page.getByRole('dialog', { name: 'Columns' }).getByRole('checkbox', { name: 'TID' }).uncheck();
  await page.keyboard.press('Escape');
  await expect.poll(() => headerColumns(page, table)).not.toContain('tid');
  expect(await headerColumns(page, table)).toContain('actions');
  await page.reload();
  await expect(rowsOf(page, table).first()).toBeVisible();
  expect(await headerColumns(page, table)).not.toContain('tid');
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(screenshotDir, `list-tools-connections-${width}-en.png`) });
  }
  // the transactions list is another list: its layout is untouched
  await page.goto('/transactions');
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  expect(await headerColumns(page)).toContain('installments');
});

for (const language of [
  {
    locale: 'en-US',
    tag: 'en',
    columns: 'Columns',
    views: 'Saved views',
    update: 'Update with current filters',
    exportTitle: 'Export CSV',
    download: 'Download',
    viewName: 'Approved credit',
    namePlaceholder: 'View name',
    saved: (name: string) => `View “${name}” saved.`,
    remove: (name: string) => `Delete ${name}`,
    confirm: 'Delete',
    deleted: (name: string) => `View “${name}” deleted.`,
  },
  {
    locale: 'pt-BR',
    tag: 'pt-BR',
    columns: 'Colunas',
    views: 'Visões salvas',
    update: 'Atualizar com os filtros atuais',
    exportTitle: 'Exportar CSV',
    download: 'Baixar',
    viewName: 'Crédito aprovadas',
    namePlaceholder: 'Nome da visão',
    saved: (name: string) => `Visão “${name}” salva.`,
    remove: (name: string) => `Excluir ${name}`,
    confirm: 'Excluir',
    deleted: (name: string) => `Visão “${name}” excluída.`,
  },
]) {
  test.describe(`screenshots (${language.tag})`, () => {
    test.use({ locale: language.locale });

    test(`the list toolbar, chooser, views and an export in progress (${language.tag})`, async ({ page }) => {
      // a view to show in the picker (deleted at the end)
      const viewName = `${language.viewName} ${Date.now()}`;
      const created = await page.request.post('/v1/views', {
        headers: { authorization: `Bearer ${(await import('./support/env.ts')).demoToken}` },
        data: { name: viewName, page: 'transactions', filters: { payment_method: 'credit_card', status: 'approved' } },
      });
      expect(created.status()).toBe(201);
      const view = (await created.json()) as { id: string };
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await signInWithStorage(page, `/transactions?${filter}`);
        await expect(page.getByTestId('list-toolbar')).toBeVisible();
        await expect(page.locator('table').first()).toBeVisible();
        const shot = (name: string) => page.screenshot({ path: path.join(screenshotDir, `list-tools-${name}-${width}-${language.tag}.png`) });
        await shot('toolbar');
        await page.getByTestId('columns-button').click();
        await expect(page.getByRole('dialog', { name: language.columns }).getByRole('checkbox').first()).toBeVisible(); // the panel's code has arrived
        await shot('columns');
        await page.keyboard.press('Escape');
        await page.getByTestId('views-button').click();
        await expect(page.getByRole('dialog', { name: language.views }).getByRole('button', { name: new RegExp(`^${viewName}`) })).toBeVisible(); // the panel's code has arrived
        await shot('views');
        // save the list as a view (keyboard: Enter in the name): its row takes the focus and is announced, and Escape closes the panel
        const views = page.getByRole('dialog', { name: language.views });
        const savedName = `${language.viewName} ${width} ${Date.now()}`;
        await views.getByPlaceholder(language.namePlaceholder).fill(savedName);
        await views.getByPlaceholder(language.namePlaceholder).press('Enter');
        const savedRow = views.locator(`[data-view-name="${savedName}"]`);
        await expect(savedRow.getByRole('button', { name: new RegExp(`^${savedName}`) })).toBeFocused();
        await expect(views.getByText(language.saved(savedName))).toBeAttached();
        await shot('views-saved');
        // delete it again through the panel (keyboard): the focus stays in the panel (on another view) and Escape still closes it
        await views.getByRole('button', { name: language.remove(savedName), exact: true }).press('Enter');
        await views.getByRole('button', { name: language.confirm, exact: true }).press('Enter');
        await expect(savedRow).toHaveCount(0);
        await expect(views.getByText(language.deleted(savedName))).toBeAttached();
        await expect(views.locator('li button:focus, input:focus')).toHaveCount(1);
        await shot('views-deleted');
        await page.keyboard.press('Escape');
        await expect(views).toBeHidden();
        await page.route('**/v1/transactions/summaries?*columns=*', async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 2500));
          await route.continue().catch(() => undefined);
        });
        await page.getByTestId('export-button').click();
        await expect(page.getByRole('dialog', { name: language.exportTitle }).getByRole('radio').first()).toBeVisible(); // the panel's code has arrived
        await shot('export-menu');
        await page.getByRole('dialog', { name: language.exportTitle }).getByRole('button', { name: language.download }).click();
        await expect(page.getByTestId('export-progress')).toBeVisible();
        await shot('export-progress');
        await page.unroute('**/v1/transactions/summaries?*columns=*');
        // another status than the view's: the view offers "Update with current filters"
        await page.goto(`/transactions?payment_method=credit_card&status=denied`);
        await expect(page.getByTestId('list-toolbar')).toBeVisible();
        await page.getByTestId('views-button').click();
        await expect(page.getByRole('dialog', { name: language.views }).getByRole('button', { name: `${language.update}: ${viewName}` })).toBeVisible();
        await shot('views-update');
      }
      await page.request.delete(`/v1/views/${view.id}`, { headers: { authorization: `Bearer ${(await import('./support/env.ts')).demoToken}` } });
    });
  });
}
