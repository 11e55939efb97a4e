import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';

/** People and API tokens (issue 24): invite → accept in a fresh browser → sign in with the password; a token made and revoked. */
test.describe.configure({ mode: 'serial' });

const shots = process.env.SHOTS_DIR ?? 'e2e/artifacts/screenshots/people';
mkdirSync(shots, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('an admin invites; the link, opened in a fresh browser, makes the person, who then signs in with the password', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = `e2e-${Date.now()}@people.example`;
  await signInWithStorage(page, '/people');
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('support');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const link = (await page.getByTestId('invitation-link').textContent()) ?? '';
  expect(link).toMatch(/\/invitation#token=[\w-]{43}$/);
  await expect(page.getByTestId('person-row').filter({ hasText: email })).toContainText('Invited');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'people-invited-en');

  const invited = await browser.newContext({ baseURL: baseURL ?? '' });
  const fresh = await invited.newPage();
  await fresh.goto(link);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Join the Acquirer Console' })).toBeVisible();
  await expectNoSeriousA11yViolations(fresh);
  await shoot(fresh, 'invitation-en');
  await fresh.getByRole('textbox', { name: 'Your name' }).fill('Erica Souza');
  await fresh.getByLabel('Password').fill('erica picks a long passphrase');
  await fresh.getByRole('button', { name: 'Accept and sign in' }).click();
  const nav = fresh.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible();
  // a support person: transactions and events, not people or tokens; the token left the address bar
  await expect(nav.getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'People' })).toHaveCount(0);
  expect(fresh.url()).not.toContain('token=');
  // the link works once
  const again = await fresh.request.post('/v1/people/invitations/accept', { data: { token: link.split('#token=')[1], password: 'erica picks a long passphrase' } });
  expect(again.status()).toBe(409);
  await invited.close();

  const later = await browser.newContext({ baseURL: baseURL ?? '' });
  const signed = await later.newPage();
  const signIn = await signed.request.post('/v1/sign-in', { data: { email, password: 'erica picks a long passphrase' } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await signed.goto('/');
  await expect(signed.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' })).toBeVisible();
  await later.close();

  await page.reload();
  await expect(page.getByTestId('person-row').filter({ hasText: email })).toContainText('Active');
});

test('an admin invites a merchant operator of two merchants, who signs in through the link and sees only those two merchants’ sales', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = `e2e-op-${Date.now()}@people.example`;
  await signInWithStorage(page, '/people');
  const all = (await (await page.request.get('/v1/merchants?limit=100&order_by=name&order_direction=asc')).json()) as { id: string; name: string }[];
  expect(all.length).toBeGreaterThanOrEqual(3);
  const [first, second, third] = all as [{ id: string; name: string }, { id: string; name: string }, { id: string; name: string }];
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('merchant_operator');
  const invite = page.getByRole('button', { name: 'Invite', exact: true });
  // a merchant operator needs one or more merchants before the invitation can go
  await expect(invite).toBeDisabled();
  const picker = page.getByRole('combobox', { name: 'Merchants' });
  for (const merchant of [first, second]) {
    await picker.fill(merchant.name);
    await page.getByRole('option', { name: new RegExp(`^${merchant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
  }
  const chosen = page.getByRole('list', { name: '2 merchants chosen' });
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(chosen).toContainText(`${first.name} · CNPJ`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'people-operator-merchants-en');
  await invite.click();
  const link = (await page.getByTestId('invitation-link').textContent()) ?? '';
  const row = page.getByTestId('person-row').filter({ hasText: email });
  await expect(row.getByTestId('person-merchants')).toHaveText(`${first.name}, ${second.name}`);

  const invited = await browser.newContext({ baseURL: baseURL ?? '' });
  const fresh = await invited.newPage();
  await fresh.goto(link);
  await fresh.getByRole('textbox', { name: 'Your name' }).fill('Otávio Lima');
  await fresh.getByLabel('Password').fill('otavio picks a long passphrase');
  await fresh.getByRole('button', { name: 'Accept and sign in' }).click();
  await expect(fresh.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await fresh.goto('/transactions');
  await expect(fresh.getByTestId('org-info')).toContainText('2 merchants');
  // the merchant filter offers just the two
  const filter = fresh.getByLabel('Merchant', { exact: true });
  await expect(filter.locator('option')).toHaveText(['All merchants', first.name, second.name]);
  const cells = fresh.locator('table[aria-label="Transactions"] > tbody > tr[data-row-id] td[data-column="merchant"]');
  await expect(cells.first()).not.toHaveText('');
  expect((await cells.allTextContents()).filter((name) => name !== first.name && name !== second.name)).toEqual([]);
  // the API agrees: rows of both merchants, none of a third, whose sale is not found
  const own = (await (await fresh.request.get('/v1/transactions/summaries?limit=100')).json()) as { merchantId: string }[];
  expect(own.length).toBeGreaterThan(0);
  expect(own.every((s) => s.merchantId === first.id || s.merchantId === second.id)).toBe(true);
  for (const m of [first, second]) expect(((await (await fresh.request.get(`/v1/transactions/summaries?limit=1&merchant_id=${m.id}`)).json()) as unknown[]).length).toBe(1);
  const [outside] = (await (await page.request.get(`/v1/transactions/summaries?limit=1&merchant_id=${third.id}`)).json()) as { id: string }[];
  expect((await fresh.request.get(`/v1/transactions/summaries/${outside?.id ?? ''}`)).status()).toBe(404);
  await invited.close();
});

test('an admin creates a machine token, sees its secret once, and revokes it', async ({ page }) => {
  test.setTimeout(60_000);
  await signInWithStorage(page, '/api-tokens');
  await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();
  const name = `ERP ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('checkbox', { name: 'transactions:read' }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^acq_test_/);
  await expect(page.getByRole('button', { name: "Copy the token's secret" })).toBeVisible();
  const used = await page.request.get('/v1/me', { headers: { authorization: `Bearer ${secret}` } });
  expect(used.status()).toBe(200);
  const row = page.getByTestId('token-row').filter({ hasText: name });
  await expect(row).toContainText('transactions:read');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'api-tokens-created-en');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  await expect.poll(async () => (await page.request.get('/v1/me', { headers: { authorization: `Bearer ${secret}` } })).status(), { timeout: 15_000 }).toBe(401);
});

test.describe('in pt-BR', () => {
  test.use({ locale: 'pt-BR' });
  test('the people and API tokens pages speak Portuguese at 1440 and 390 px', async ({ page }) => {
    await signInWithStorage(page, '/people');
    await expect(page.getByRole('heading', { level: 1, name: 'Pessoas' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Tokens de API' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'people-pt-BR');
    await page.goto('/api-tokens');
    await expect(page.getByRole('heading', { level: 1, name: 'Tokens de API' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'api-tokens-pt-BR');
    await page.goto('/invitation#token=unknowntokenunknowntoken');
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar no Acquirer Console' })).toBeVisible();
    await shoot(page, 'invitation-pt-BR');
  });
});
