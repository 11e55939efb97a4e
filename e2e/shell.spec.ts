import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signInWithStorage } from './support/auth.ts';
import { merchantId, merchantToken, readerToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';

test.describe('app shell', () => {
  test('navigation hides what a limited token cannot do, and the route says "not allowed"', async ({ page }) => {
    await signInWithStorage(page, '/', readerToken());
    await expect(page).toHaveURL(/\/overview$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Transactions', 'Events']);
    await expect(page.getByTestId('org-info')).toContainText('Live');

    await page.goto('/credentials/new');
    await expect(page.getByText('Not allowed')).toBeVisible();
    await expect(page.getByTestId('not-allowed-text')).toHaveText('Your access token does not let you see the acquirers you can connect to or connect acquirers or manage acquirer connections.');
    await expect(page.getByRole('link', { name: 'Go to Overview' })).toBeVisible();
  });

  test('a token session has no My account link, /account says why, and the audit log is not allowed without audit:read', async ({ page }) => {
    await signInWithStorage(page, '/account', readerToken());
    await expect(page.getByText('This session belongs to an access token')).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByTestId('not-allowed-text')).toHaveText('Your access token does not let you see the audit log.');
    await expectNoSeriousA11yViolations(page);
  });

  test('a merchant token shows its merchant limit and fixes the credential merchant, by name and CNPJ', async ({ page, request }) => {
    // the token's merchant as the API describes it, and its CNPJ written the Brazilian way, independently of the app
    const me = (await (await request.get('/v1/me', { headers: { authorization: `Bearer ${merchantToken()}` } })).json()) as { merchants: { id: string; name: string; taxId: string }[] };
    const own = me.merchants.find((m) => m.id === merchantId());
    expect(own?.taxId).toMatch(/^\d{14}$/);
    const cnpj = (own?.taxId ?? '').replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    await signInWithStorage(page, '/credentials/new', merchantToken());
    await expect(page.getByTestId('org-info')).toContainText('Merchant:');
    const merchant = page.getByLabel(/^Merchant/);
    await expect(merchant).toHaveValue(`${own?.name} · CNPJ ${cnpj}`);
    await expect(merchant).toHaveAttribute('readonly', '');
    // the form still sends the merchant's id, never shown
    await expect(page.locator('input[type="hidden"][name="merchantId"]')).toHaveValue(merchantId());
  });

  test('an unknown address shows a 404 page inside the shell', async ({ page }) => {
    await signInWithStorage(page, '/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' }).or(page.getByText('Page not found'))).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the skip link moves focus to the content', async ({ page }) => {
    await signInWithStorage(page, '/credentials/new');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('narrow screens keep the navigation usable', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithStorage(page, '/transactions');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(/\/events/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});

test.describe('accessibility and screenshots', () => {
  test('sign-in has no serious violations (light and dark) and is captured', async ({ page }) => {
    await page.goto('/sign-in');
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await screenshot(page, 'sign-in');
    await page.getByLabel('Access token').fill('wrong-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'sign-in-error');
  });

  test('the shell and the not-allowed page have no serious violations', async ({ page }) => {
    await signInWithStorage(page, '/credentials/new', readerToken());
    await expect(page.getByText('Not allowed')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'not-allowed');
  });
});
