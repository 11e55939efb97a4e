import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { breakSession, signInWithStorage } from './support/auth.ts';
import { demoToken } from './support/env.ts';
import { screenshot } from './support/screenshots.ts';

/** A MID/TID pair no other test uses (the server rejects the same merchant+provider+MID+TID twice). */
function uniqueCodes() {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  return { mid: `M${n}`.slice(0, 15), tid: `T${n.slice(-7)}` };
}

async function openForm(page: Page) {
  await signInWithStorage(page, '/credentials/new');
  await expect(page.getByRole('heading', { name: 'Connect an acquirer' })).toBeVisible();
  await expect(page.getByLabel(/^Provider/)).toBeEnabled();
}

async function fillForm(page: Page, codes: { mid: string; tid: string }, provider = 'Cielo') {
  const merchant = page.getByLabel(/^Merchant/).first();
  if ((await merchant.evaluate((el) => el.tagName)) === 'SELECT') await merchant.selectOption({ index: 1 });
  await page.getByLabel(/^Provider/).selectOption({ label: provider });
  await page.getByLabel(/Merchant ID \(MID\)/).fill(codes.mid);
  await page.getByLabel(/Terminal ID \(TID\)/).fill(codes.tid);
}

const submit = (page: Page) => page.getByRole('button', { name: 'Connect acquirer' }).click();

test.describe('connect an acquirer', () => {
  test('creates a credential and shows it with its id and badges', async ({ page }) => {
    await openForm(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-empty');
    await fillForm(page, uniqueCodes());
    await submit(page);
    const panel = page.getByRole('region', { name: 'Acquirer connected' });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('credential-id')).toHaveText(/^[0-9a-v]{20}$/);
    await expect(panel.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(panel.getByText('Enabled', { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Copy credential id' })).toBeVisible();
    await expect(panel.locator('time').first()).toHaveAttribute('title', /Z \(UTC\)$/);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-success');

    await page.getByRole('button', { name: 'Connect another' }).click();
    await expect(page.getByLabel(/Merchant ID \(MID\)/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Connect acquirer' })).toBeEnabled();
  });

  test('a disconnected credential is created disabled', async ({ page }) => {
    await openForm(page);
    await fillForm(page, uniqueCodes(), 'Stone');
    await page.getByLabel(/Disconnected/).check();
    await submit(page);
    const panel = page.getByRole('region', { name: 'Acquirer connected' });
    await expect(panel.getByText('Disabled', { exact: true })).toBeVisible();
  });

  test('field rules from the provider definition are checked on their fields', async ({ page }) => {
    await openForm(page);
    await submit(page);
    await expect(page.getByText('Choose a provider', { exact: true })).toBeVisible();
    await fillForm(page, { mid: '1234567890123456', tid: 'AB-1' });
    await submit(page);
    const mid = page.getByLabel(/Merchant ID \(MID\)/);
    await expect(mid).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Merchant ID (MID) must be at most 15 characters')).toBeVisible();
    await expect(page.getByText(/Terminal ID \(TID\) is not in the expected format/)).toBeVisible();
    await expect(mid).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-invalid');
    // fixing the value clears its message
    await mid.fill('ABC123');
    await expect(page.getByText('Merchant ID (MID) must be at most 15 characters')).toHaveCount(0);
  });

  test('a duplicate is rejected with a banner naming the existing credential, keeping the input', async ({ page }) => {
    const codes = uniqueCodes();
    await openForm(page);
    await fillForm(page, codes);
    await submit(page);
    const firstId = (await page.getByTestId('credential-id').textContent()) ?? '';
    expect(firstId).toMatch(/^[0-9a-v]{20}$/);

    await page.getByRole('button', { name: 'Connect another' }).click();
    await fillForm(page, codes);
    await submit(page);
    const banner = page.getByRole('alert').filter({ hasText: 'already exists' });
    await expect(banner).toBeVisible();
    await expect(banner.getByTestId('existing-credential-id')).toHaveText(firstId);
    await expect(banner.getByRole('button', { name: 'Copy existing credential id' })).toBeVisible();
    await expect(page.getByLabel(/Merchant ID \(MID\)/)).toHaveValue(codes.mid);
    await expect(page.getByLabel(/Terminal ID \(TID\)/)).toHaveValue(codes.tid);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'credentials-conflict');
  });
});

test('a submit refused with 401 returns to sign-in, then back to the form with what was typed', async ({ page }) => {
  const codes = uniqueCodes();
  await openForm(page);
  await fillForm(page, codes);
  await breakSession(page);
  await submit(page);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcredentials%2Fnew/);
  await expect(page.getByText('Your session ended')).toBeVisible();
  await page.getByLabel('Access token').fill(demoToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/credentials\/new$/);
  await expect(page.getByLabel(/Merchant ID \(MID\)/)).toHaveValue(codes.mid);
  await expect(page.getByLabel(/Terminal ID \(TID\)/)).toHaveValue(codes.tid);
  await submit(page);
  await expect(page.getByTestId('credential-id')).toHaveText(/^[0-9a-v]{20}$/);
});

test('providers that fail to load show the problem and a working Retry', async ({ page }) => {
  let fail = true;
  await page.route('**/v1/providers', async (route) => {
    if (!fail) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The provider catalogue is being updated.' }),
    });
  });
  await signInWithStorage(page, '/credentials/new');
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load the providers' });
  await expect(alert).toContainText('The provider catalogue is being updated.', { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'credentials-providers-error');
  fail = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByLabel(/^Provider/)).toBeVisible();
});
