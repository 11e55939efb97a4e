import { expect, type Page } from '@playwright/test';
import { demoToken } from './env.ts';

/** Signs in through the form and waits for the shell (or for `expectPath` when given). */
export async function signIn(page: Page, options: { token?: string; path?: string } = {}): Promise<void> {
  const target = options.path ?? '/';
  const next = target === '/' ? '' : `?next=${encodeURIComponent(target)}`;
  await page.goto(`/sign-in${next}`);
  await page.getByLabel('Access token').fill(options.token ?? demoToken);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Faster than the form: puts the token in sessionStorage before the app loads, then opens `path`. */
export async function signInWithStorage(page: Page, path: string, token = demoToken): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('acq.accessToken')) window.sessionStorage.setItem('acq.accessToken', value);
  }, token);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
