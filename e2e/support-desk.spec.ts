import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EventList } from '../src/contract/events.ts';
import { SummaryList, type Summary } from '../src/contract/summaries.ts';
import { signIn, signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';

const auth = { authorization: `Bearer ${demoToken}` };

/** Every summary of the e2e database, read through the API (the data decides what to search for). */
async function allSummaries(request: APIRequestContext): Promise<Summary[]> {
  const out: Summary[] = [];
  for (let page = 1; page < 50; page++) {
    const res = await request.get(`/v1/transactions/summaries?limit=100&page=${page}`, { headers: auth });
    const rows = SummaryList.parse(await res.json());
    out.push(...rows);
    if (rows.length < 100) break;
  }
  return out;
}

async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Find a transaction by any identifier' });
  await box.fill(text);
  await box.press('Enter');
}

async function inPortuguese(page: Page, name: string, settle?: (page: Page) => Promise<void>): Promise<void> {
  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await screenshot(page, `${name}-pt-BR`, settle);
  await page.getByLabel('Idioma').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('search: one match opens the transaction, several show the filtered list, none says so', async ({ page, request }) => {
  const summaries = await allSummaries(request);
  const byStan = new Map<string, Set<string>>();
  for (const s of summaries) for (const c of s.cycles) if (c.systemTraceAuditNumber) byStan.set(c.systemTraceAuditNumber, (byStan.get(c.systemTraceAuditNumber) ?? new Set()).add(s.id ?? ''));
  const shared = [...byStan.entries()].find(([, ids]) => ids.size > 1);
  const withRrn = summaries.find((s) => s.cycles.some((c) => c.retrievalReferenceNumber));
  const rrn = withRrn?.cycles.find((c) => c.retrievalReferenceNumber)?.retrievalReferenceNumber ?? '';
  expect(shared, 'the data has a STAN shared by several sales').toBeDefined();
  expect(rrn).not.toBe('');
  const unique = summaries.filter((s) => s.cycles.some((c) => c.retrievalReferenceNumber === rrn));
  expect(unique).toHaveLength(1);

  await signInWithStorage(page, '/events');
  await search(page, ` ${rrn} `);
  await expect(page).toHaveURL(new RegExp(`/transactions/${withRrn?.id ?? ''}$`));
  await expect(page.getByRole('heading', { name: 'Transaction', level: 1 })).toBeVisible();
  await expect(page.getByTestId('acquirer-ids')).toContainText(rrn);

  const [stan, ids] = shared ?? ['', new Set<string>()];
  await search(page, stan);
  await expect(page).toHaveURL(new RegExp(`/transactions\\?q=${stan}$`));
  const rows = page.locator('table[aria-label="Transactions"] > tbody > tr[data-row-id]');
  await expect(rows).toHaveCount(ids.size);
  expect(new Set(await rows.evaluateAll((r) => r.map((x) => x.getAttribute('data-row-id'))))).toEqual(ids);
  await expect(page.getByRole('textbox', { name: 'Identifier', exact: true })).toHaveValue(stan);
  await screenshot(page, 'search-several');

  await search(page, 'NO-SUCH-ID-000');
  await expect(page.getByTestId('search-status')).toHaveText(/No transaction matches “NO-SUCH-ID-000”/);
  await expect(page).toHaveURL(new RegExp(`/transactions\\?q=${stan}$`));
  await search(page, 'two words');
  await expect(page.getByTestId('search-status')).toHaveText(/without spaces/);
});

test('a denied sale explains its decline at the top; the page has its timeline, ids and folded details', async ({ page, request }) => {
  const res = await request.get('/v1/transactions/summaries?status=denied&payment_method=credit_card&limit=1', { headers: auth });
  const [denied] = SummaryList.parse(await res.json());
  if (!denied?.id) throw new Error('the e2e data has no denied credit sale');
  const code = denied.cycles.find((c) => c.status === 'denied')?.responseCode ?? '';
  await signInWithStorage(page, `/transactions/${denied.id}`);
  const callout = page.getByTestId('decline-callout');
  await expect(callout).toBeVisible();
  await expect(callout).toContainText(`Declined with code ${code}`);
  await expect(callout).toContainText('What to tell the customer');
  const box = await callout.boundingBox();
  const headline = await page.locator('header').filter({ hasText: 'Merchant' }).last().boundingBox();
  expect(box && headline && box.y < headline.y).toBe(true);
  await expect(page.getByTestId('cycle')).toHaveCount(denied.cycles.length);
  await expect(page.getByTestId('technical-details')).not.toHaveAttribute('open', '');
  await expect(page.getByText(/UTC/).first()).toBeVisible();
  await screenshot(page, 'transaction-denied');
  await inPortuguese(page, 'transaction-denied');
  await page.getByLabel('Language').selectOption('pt-BR');
  await expect(callout).toContainText(`Recusada com o código ${code}`);
  await expect(callout).toContainText('O que dizer ao cliente');
  await page.getByLabel('Idioma').selectOption('en');
});

test('an event links to its transaction, from the list and from its detail', async ({ page, request }) => {
  const res = await request.get('/v1/events?limit=1', { headers: auth });
  const [event] = EventList.parse(await res.json());
  if (!event) throw new Error('no events');
  await signInWithStorage(page, `/events?q=${event.eventId}`);
  const row = page.locator(`table[aria-label="Events"] > tbody > tr[data-row-id="${event.eventId}"]`);
  await expect(row.getByRole('link', { name: event.id })).toHaveAttribute('href', `/transactions/${event.id}`);
  await row.getByRole('button', { name: /details/i }).click();
  await page.getByTestId('event-transaction-link').click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${event.id}$`));
  await expect(page.getByTestId('transaction-events')).toContainText(event.eventId);
  await screenshot(page, 'transaction-page');
  await inPortuguese(page, 'transaction-page');
});

test('a shared transaction link opens after sign-in; an unknown id says not found', async ({ page, request }) => {
  const res = await request.get('/v1/transactions/summaries?limit=1&page=3', { headers: auth });
  const [one] = SummaryList.parse(await res.json());
  if (!one?.id) throw new Error('no summaries');
  await page.goto(`/transactions/${one.id}`);
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, { path: `/transactions/${one.id}` });
  await expect(page).toHaveURL(new RegExp(`/transactions/${one.id}$`));
  await expect(page.locator('code').filter({ hasText: one.id }).first()).toBeVisible();
  await page.goto('/transactions/00000000000000000000');
  await expect(page.getByRole('alert').or(page.getByText(/not found|No transaction summary/i)).first()).toBeVisible();
});

test('transactions list: merchant column and filter; rows open their page', async ({ page }) => {
  await signInWithStorage(page, '/transactions');
  const table = page.locator('table[aria-label="Transactions"]');
  const first = table.locator('> tbody > tr[data-row-id]').first();
  await expect(first.locator('td[data-column="merchant"]')).not.toHaveText('');
  const merchant = page.getByLabel('Merchant');
  const option = merchant.locator('option').nth(1);
  const value = await option.getAttribute('value');
  const name = ((await option.textContent()) ?? '').trim();
  await merchant.selectOption(value ?? '');
  await expect(page).toHaveURL(new RegExp(`merchant_id=${value ?? ''}`));
  // the filtered rows have replaced the others (CI once read the first row's id before they did, then clicked another row)
  const cells = table.locator('> tbody > tr[data-row-id] td[data-column="merchant"]');
  await expect(cells.first()).toHaveText(name);
  await expect(cells.filter({ hasNotText: name })).toHaveCount(0);
  const id = await first.getAttribute('data-row-id');
  await table.locator(`> tbody > tr[data-row-id="${id ?? ''}"] td[data-column="acquirer"]`).click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id ?? ''}$`));
});
