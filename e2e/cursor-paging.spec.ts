import { expect, test, type Page } from '@playwright/test';
import { signInWithStorage } from './support/auth.ts';
import { crossApiBaseUrl, crossSeedSummaries, crossWebBaseUrl, demoToken, seedSummaries } from './support/env.ts';
import { openTransactions, rowIds, rowsOf, tableName } from './transactions-helpers.ts';

/**
 * The lists page by the API's Link cursors (rel="next"/"prev"/"last"): the cursor rides in the address beside
 * the dashboard's page label, and the API is asked for the cursor alone, never a page number (no OFFSET).
 */

/** The summaries requests the page sends, as URLs. */
function summaryRequests(page: Page, origin?: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/v1/transactions/summaries' && (origin === undefined || url.origin === origin)) seen.push(url);
  });
  return seen;
}

const pages = Math.ceil(seedSummaries / 20);

test('Next and Previous follow the cursors of the Link header; the address keeps the position across a reload', async ({ page }) => {
  const sent = summaryRequests(page);
  await openTransactions(page);
  const indicator = page.getByTestId('page-indicator');
  await expect(indicator).toHaveText(`Page 1 of ${pages} · ${seedSummaries} results`);
  const first = await rowIds(page);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(indicator).toHaveText(`Page 2 of ${pages} · ${seedSummaries} results`);
  await expect(page).toHaveURL(/[?&]cursor=[\w-]+/);
  const cursor = new URL(page.url()).searchParams.get('cursor') ?? '';
  expect(new URL(page.url()).searchParams.get('page')).toBe('2');
  // the page on screen was asked for by its cursor alone
  const asked = sent.filter((u) => u.searchParams.get('cursor') === cursor);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.every((u) => !u.searchParams.has('page'))).toBe(true);
  expect(sent.some((u) => u.searchParams.get('page') === '2')).toBe(false);
  await expect.poll(async () => (await rowIds(page)).some((id) => first.includes(id))).toBe(false);
  const second = await rowIds(page);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(indicator).toHaveText(`Page 3 of ${pages} · ${seedSummaries} results`);
  // the label moves at once; the rows once page 3 has loaded
  await expect.poll(async () => (await rowIds(page)).some((id) => second.includes(id))).toBe(false);
  const third = await rowIds(page);
  const url = page.url();
  await page.reload();
  await expect(rowsOf(page, tableName).first()).toBeVisible();
  expect(page.url()).toBe(url);
  await expect(indicator).toHaveText(`Page 3 of ${pages} · ${seedSummaries} results`);
  await expect.poll(() => rowIds(page)).toEqual(third);

  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(indicator).toHaveText(`Page 2 of ${pages} · ${seedSummaries} results`);
  await expect.poll(() => rowIds(page)).toEqual(second);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(indicator).toHaveText(`Page 1 of ${pages} · ${seedSummaries} results`);
  await expect(page).not.toHaveURL(/cursor=|page=/);
  await expect.poll(() => rowIds(page)).toEqual(first);
});

test('changing a filter on a cursor page starts the new view on page 1, without the cursor', async ({ page }) => {
  await openTransactions(page);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Denied' });
  await expect(page).toHaveURL(/[?&]status=denied(&|$)/);
  await expect(page).not.toHaveURL(/cursor=|page=/);
  await expect(page.getByTestId('page-indicator')).toContainText(/^Page 1 of \d+/);
});

test.describe('in pt-BR', () => {
  test.use({ locale: 'pt-BR' });

  test('a cursor the API refuses says so, and leads back to page 1', async ({ page }) => {
    await signInWithStorage(page, '/transactions?status=approved&page=4&cursor=eyJ2IjoieCJ9');
    await expect(page.getByText('Não é possível abrir esta página')).toBeVisible();
    await expect(page.getByText(/foi feita para outra visão da lista/)).toBeVisible();
    await page.getByRole('button', { name: 'Ir para a primeira página' }).click();
    await expect(page).toHaveURL(/\/transactions\?status=approved$/);
    await expect(page.getByTestId('page-indicator')).toContainText(/^Página 1 de \d+/);
  });

  test('Próxima follows the cursor; the indicator counts the page', async ({ page }) => {
    const sent = summaryRequests(page);
    await signInWithStorage(page, '/transactions');
    await expect(rowsOf(page, 'Transações').first()).toBeVisible();
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page.getByTestId('page-indicator')).toHaveText(`Página 2 de ${pages} · ${seedSummaries} resultados`);
    const cursor = new URL(page.url()).searchParams.get('cursor');
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(sent.filter((u) => u.searchParams.get('cursor') === cursor).every((u) => !u.searchParams.has('page'))).toBe(true);
  });
});

/**
 * The second deployment estimates totals above its small COUNT_CAP: its last page is reachable only by cursor, and the
 * pager counts with the stats' exact total (issue 23, one count).
 */
const crossLanguages = [
  { locale: 'en-US', token: 'Access token', signIn: 'Sign in', last: 'Last page', prev: 'Previous page', next: 'Next page', atEnd: `Last page · ${crossSeedSummaries.toLocaleString('en-US')} results`, before: `1 page before the last · ${crossSeedSummaries.toLocaleString('en-US')} results` },
  { locale: 'pt-BR', token: 'Token de acesso', signIn: 'Entrar', last: 'Última página', prev: 'Página anterior', next: 'Próxima página', atEnd: `Última página · ${crossSeedSummaries.toLocaleString('pt-BR')} resultados`, before: `1 página antes da última · ${crossSeedSummaries.toLocaleString('pt-BR')} resultados` },
];

for (const l of crossLanguages) {
  test.describe(`an estimated total, ${l.locale}`, () => {
    test.use({ locale: l.locale });

    test('Last opens the true last page by the rel="last" cursor, and Previous walks back from it', async ({ page, request }) => {
      const sent = summaryRequests(page, crossApiBaseUrl);
      await page.goto(`${crossWebBaseUrl}/sign-in?next=%2Ftransactions`);
      await page.getByLabel(l.token).fill(demoToken);
      await page.getByRole('button', { name: l.signIn }).click();
      const table = l.locale === 'pt-BR' ? 'Transações' : tableName;
      await expect(rowsOf(page, table).first()).toBeVisible();

      await page.getByRole('button', { name: l.last }).click();
      const indicator = page.getByTestId('page-indicator');
      await expect(indicator).toHaveText(l.atEnd);
      await expect(page).toHaveURL(/[?&]page=last&cursor=[\w-]+/);
      const cursor = new URL(page.url()).searchParams.get('cursor');
      const asked = sent.filter((u) => u.searchParams.get('cursor') === cursor);
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((u) => !u.searchParams.has('page'))).toBe(true);
      await expect(page.getByRole('button', { name: l.next })).toBeDisabled();

      // the oldest 20 summaries, newest first, as the API orders them read oldest first
      const oldest = await request.get(`${crossApiBaseUrl}/v1/transactions/summaries?order_direction=asc&limit=20`, { headers: { authorization: `Bearer ${demoToken}` } });
      const expected = ((await oldest.json()) as { id: string }[]).map((s) => s.id).reverse();
      await expect.poll(() => rowIds(page, table)).toEqual(expected);

      await page.getByRole('button', { name: l.prev }).click();
      await expect(indicator).toHaveText(l.before);
      await expect(page).toHaveURL(/[?&]page=last-1&cursor=[\w-]+/);
      await expect.poll(async () => (await rowIds(page, table)).some((id) => expected.includes(id))).toBe(false);
    });
  });
}
