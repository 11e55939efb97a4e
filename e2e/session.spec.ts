import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth.ts';
import { crossApiBaseUrl, envNames } from './support/env.ts';
import { runBuiltCli, unthrottled } from './support/server-process.ts';
import { rowsOf } from './transactions-helpers.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a sign-in spans tabs: a new tab opens signed in, with no token in any storage', async ({ context, page }) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/events');
  await expect(nav(second)).toBeVisible();
  await expect(second).toHaveURL(/\/events$/);
  expect(await second.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  expect(await second.evaluate(() => document.cookie)).toBe('');
});

test('signing out in one tab ends the session in every tab', async ({ context, page }) => {
  await signIn(page);
  const second = await context.newPage();
  await second.goto('/events');
  await expect(nav(second)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(second).toHaveURL(/\/sign-in/);
  await second.reload();
  await expect(second).toHaveURL(/\/sign-in/);
  // the server ended it too: the old cookie value no longer works anywhere
  const me = await context.request.get('/v1/me');
  expect(me.status()).toBe(401);
});

/** Revoking needs the token CLI to write while the server runs: the second-origin API server on PostgreSQL. */
test('revoking the token ends its dashboard sessions', async ({ context, page }) => {
  test.setTimeout(120_000); // two token CLI runs under shared load
  const databaseUrl = process.env[envNames.crossDatabaseUrl];
  test.skip(!databaseUrl, 'PostgreSQL does not answer: the second-origin API server runs on PGlite, which only one process may open');
  const env = { ...process.env, DATABASE_URL: databaseUrl, ...unthrottled };
  const cli = (args: string[]) => runBuiltCli('token-cli', args, env, 60_000);
  const created = await cli(['create', '--name', `e2e-revoke-${Date.now()}`, '--scopes', 'transactions:read,events:read', '--mode', 'test']);
  const lines = created.trim().split('\n');
  const token = lines.at(-1)?.trim() ?? '';
  const id = /Token (\S+) for/.exec(created)?.[1] ?? '';
  expect(token).not.toBe('');

  await page.goto(`${crossApiBaseUrl}/sign-in`);
  await page.getByLabel('Access token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(nav(page)).toBeVisible();
  const second = await context.newPage();
  await second.goto(`${crossApiBaseUrl}/events`);
  await expect(nav(second)).toBeVisible();
  // its list has answered, so the tab is signed in on the server's word when the token is revoked (the built CLI
  // revokes within a second: earlier, while the list was still loading, the tab would end the session by itself)
  await expect(rowsOf(second, 'Events').first()).toBeVisible();

  await cli(['revoke', id]);
  await second.getByRole('link', { name: 'Transactions' }).click();
  await expect(second).toHaveURL(/\/sign-in\?/);
  await expect(second.getByText('Your session ended')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in\?/);
});
