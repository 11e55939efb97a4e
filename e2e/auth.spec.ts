import { expect, test } from '@playwright/test';
import { breakSession, signIn, signInWithStorage } from './support/auth.ts';
import { demoOrganizationName, demoToken } from './support/env.ts';

test.describe('sign-in', () => {
  test('a bad token shows a clear error and stays on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Access token').fill('not-a-real-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('This token was not accepted');
    await expect(page).toHaveURL(/\/sign-in$/);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    expect(await page.context().cookies()).toEqual([]);
  });

  test('an empty token is caught before any request', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Paste an access token to sign in.')).toBeVisible();
    await expect(page.getByLabel('Access token')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a good token lands on the first allowed page with the organization and mode', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/overview$/);
    const org = page.getByTestId('org-info');
    await expect(org).toContainText(demoOrganizationName);
    await expect(org).toContainText('Test mode');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // the demo token has every scope: every section, in the shell's order
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Transactions', 'Events', 'Receivables', 'Fee plans', 'Merchants', 'Acquirer connections', 'Reconciliation', 'People', 'API tokens', 'Single sign-on', 'Audit log']);
    // The token is nowhere a script can read: an HttpOnly session cookie instead, never storage or the URL.
    expect(await page.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const [cookie, ...others] = await page.context().cookies();
    expect(others).toEqual([]);
    expect(cookie).toMatchObject({ name: 'acq_session', httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
    expect(cookie?.value).not.toContain(demoToken);
    expect(page.url()).not.toContain(demoToken);
  });

  test('sign out forgets the token and protects the pages again', async ({ page }) => {
    await signIn(page, { path: '/events' });
    await expect(page).toHaveURL(/\/events/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    expect((await page.context().cookies()).filter((c) => c.name === 'acq_session')).toEqual([]);
    await page.goto('/transactions');
    await expect(page).toHaveURL(/\/sign-in\?next=%2Ftransactions/);
  });
});

test.describe('401 handling', () => {
  test('a refused token ends the session and sign-in returns to the full original URL', async ({ page }) => {
    await page.goto('/sign-in');
    await breakSession(page);
    await page.goto('/events?event_status=failed&page=2');
    await expect(page).toHaveURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('next')).toBe('/events?event_status=failed&page=2');
    await expect(page.getByText('Your session ended')).toBeVisible();

    await page.getByLabel('Access token').fill(demoToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/events\?/);
    const back = new URL(page.url());
    expect(back.searchParams.get('event_status')).toBe('failed');
    expect(back.searchParams.get('page')).toBe('2');
  });

  test('a sign-in link cannot redirect to another origin', async ({ page }) => {
    await page.goto('/sign-in?next=%2F%2Fevil.example%2F');
    await page.getByLabel('Access token').fill(demoToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/overview$/);
  });

  test('a session started through the API opens the page directly', async ({ page }) => {
    await signInWithStorage(page, '/credentials/new');
    await expect(page.getByRole('heading', { name: 'Connect an acquirer' })).toBeVisible();
  });
});
