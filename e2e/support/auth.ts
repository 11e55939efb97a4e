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

/**
 * Faster than the form: starts the dashboard session through the API (POST /v1/session with the token; the
 * browser context keeps the HttpOnly cookie it sets), then opens `path`. The name is kept from when the token
 * went into sessionStorage, so every spec still signs in the same way.
 */
export async function signInWithStorage(page: Page, path: string, token = demoToken): Promise<void> {
  const response = await page.request.post('/v1/session', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
  // the shell speaks the browser's language (a spec may set locale: 'pt-BR')
  await expect(page.getByRole('navigation', { name: /^(Main|Principal)$/ })).toBeVisible();
}

/** Replaces the browser's session cookie with one the server never issued (a session that ended elsewhere). */
export async function breakSession(page: Page): Promise<void> {
  const context = page.context();
  await context.clearCookies({ name: 'acq_session' });
  const domain = new URL(page.url()).hostname;
  await context.addCookies([{ name: 'acq_session', value: 'ended-session-0000000000000000000000000', domain, path: '/', httpOnly: true, sameSite: 'Strict' }]);
}
